// PREPARE for a cycled line's timeline: a strip over the run's iterations with a marker per
// removal (above the axis) and per re-addition (below), and a bar from each removal to the
// addition that re-introduced it. Pure.
import { scaleLinear } from 'd3';
import type { HistoryEntry } from '@/lib/contracts/api/analyses';
import { tickCount, ticksOf, type Tick } from '../analysis/chartFrame';

export interface TimelineMarker {
  key: string;
  kind: 'removed' | 'added';
  x: number;
  y: number;
  iteration: number;
  childId: string;
}

export interface PreparedTimeline {
  width: number;
  height: number;
  axisY: number;
  left: number;
  right: number;
  ticks: Tick[];
  markers: TimelineMarker[];
  /** Removal -> next addition, for the spans. */
  spans: { x1: number; x2: number; key: string }[];
}

export const TIMELINE_HEIGHT = 56;
const PAD = { left: 12, right: 12 };

/**
 * `domain` is the run's iteration range, so timelines of different lines line up. Markers
 * sharing an iteration and kind are stacked outwards so each stays clickable.
 */
export function prepareTimeline(history: readonly HistoryEntry[], domain: [number, number], width: number, height = TIMELINE_HEIGHT): PreparedTimeline {
  const left = PAD.left;
  const right = Math.max(left + 1, width - PAD.right);
  const axisY = Math.round(height / 2) - 4;
  const [lo, hi] = domain;
  const x = scaleLinear().domain([lo, hi > lo ? hi : lo + 1]).range([left, right]);
  const seen = new Map<string, number>();
  const markers = history.map((h, i) => {
    const k = `${h.kind}:${h.iteration}`;
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    const offset = 9 + n * 5;
    return { key: `${i}`, kind: h.kind, x: x(h.iteration), y: h.kind === 'removed' ? axisY - offset : axisY + offset, iteration: h.iteration, childId: h.childId };
  });
  const spans: PreparedTimeline['spans'] = [];
  let lastRemoval: number | null = null;
  history.forEach((h, i) => {
    if (h.kind === 'removed') lastRemoval = h.iteration;
    else if (lastRemoval !== null) {
      spans.push({ x1: x(lastRemoval), x2: x(h.iteration), key: `${i}` });
      lastRemoval = null;
    }
  });
  return { width, height, axisY, left, right, ticks: ticksOf(x, tickCount(right - left, 90), undefined, true), markers, spans };
}

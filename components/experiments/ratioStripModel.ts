// PREPARE for the replay distributions (issue 11, Table 3): per variant one lane, one dot per
// trial at its replayed-score / original ratio, dots of equal (binned) ratio stacked upwards so
// the bimodal shape (failures vs reproductions) is visible; trials without a score are counted
// in a "no score" column left of the axis. A dashed line marks ratio 1 (the original). Pure.
import { scaleLinear } from 'd3';
import { plotOf, tickCount, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export interface StripInput {
  label: string;
  /** Ratios of the trials that got a score. */
  ratios: readonly number[];
  /** Trials in all (trials - ratios.length had no score). */
  trials: number;
}

export interface StripDot {
  lane: number;
  x: number;
  y: number;
  ratio: number;
}

export interface StripLane {
  label: string;
  top: number;
  bottom: number;
  /** Trials without a score, drawn as a count in the left column. */
  noScore: number;
  median: number | null;
}

export interface PreparedStrip {
  width: number;
  height: number;
  plot: Plot;
  /** x of the "no score" column. */
  noScoreX: number;
  oneX: number;
  xTicks: Tick[];
  lanes: StripLane[];
  dots: StripDot[];
  r: number;
}

export const LANE_HEIGHT = 44;

export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function prepareRatioStrip(inputs: readonly StripInput[], width: number): PreparedStrip {
  const height = inputs.length * LANE_HEIGHT + 48;
  const plot = plotOf(width, height, { top: 8, right: 16, bottom: 36, left: 190 });
  const all = inputs.flatMap((i) => i.ratios).filter(Number.isFinite);
  const lo = Math.min(0, ...all);
  const hi = Math.max(1.1, ...all);
  const x = scaleLinear().domain([lo, hi]).range([plot.left, plot.right]).nice();
  const r = 4;
  // Bins one dot wide: equal ratios stack instead of hiding each other.
  const binOf = (v: number) => Math.round((x(v) - plot.left) / (2 * r));
  const dots: StripDot[] = [];
  const lanes: StripLane[] = inputs.map((inp, lane) => {
    const top = plot.top + lane * LANE_HEIGHT;
    const bottom = top + LANE_HEIGHT - 6;
    const stack = new Map<number, number>();
    for (const ratio of [...inp.ratios].filter(Number.isFinite).sort((a, b) => a - b)) {
      const b = binOf(ratio);
      const k = stack.get(b) ?? 0;
      stack.set(b, k + 1);
      // Stacks taller than the lane wrap back to the base (a count is in the tooltip and table).
      const level = k % Math.max(1, Math.floor((LANE_HEIGHT - 8) / (2 * r)));
      dots.push({ lane, x: plot.left + b * 2 * r, y: bottom - r - level * 2 * r, ratio });
    }
    return { label: inp.label, top, bottom, noScore: Math.max(0, inp.trials - inp.ratios.length), median: median(inp.ratios) };
  });
  return {
    width,
    height,
    plot,
    noScoreX: plot.left - 24,
    oneX: x(1),
    xTicks: ticksOf(x, tickCount(plot.right - plot.left)),
    lanes,
    dots,
    r,
  };
}

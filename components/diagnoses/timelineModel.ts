// PREPARE the diagnoses on the best-so-far timeline (issue 13): the run's best-so-far as a step
// line over iterations (the overview's definition, GET /best-so-far) and a marker on the curve at
// each diagnosis's trigger generation. The trigger is placed on the iteration axis: ShinkaEvolve
// (the seed's framework) records generation = iteration, and Evoscope's own triggers use the
// run's generation axis the same way (lib/trace/diagnosis.ts). A trigger before the first best
// sits on the first point's level; several diagnoses at one generation are stacked upwards so
// each stays clickable. Pure.
import { bestSoFarFrame, DEFAULT_MARGIN, plotOf, tickCount, tickLabel, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export interface TimelineDiagnosis {
  id: string;
  triggerGeneration: number;
  origin: 'imported' | 'evoscope';
  label: string;
}

export interface TimelineMarker {
  id: string;
  x: number;
  y: number;
  generation: number;
  /** The best-so-far score at the trigger (null without a curve). */
  score: number | null;
  origin: 'imported' | 'evoscope';
  label: string;
}

export interface PreparedTimeline {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  curvePath: string;
  markers: TimelineMarker[];
}

/** The best-so-far level at iteration `g`: the last point at or before it (else the first). */
export function bestAt(curve: readonly { iteration: number; score: number }[], g: number): number | null {
  if (!curve.length) return null;
  let lo = 0;
  let hi = curve.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (curve[mid].iteration <= g) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return curve[Math.max(0, found)].score;
}

const STACK_PX = 12;

export function prepareTimeline(
  curve: readonly { iteration: number; score: number }[],
  diagnoses: readonly TimelineDiagnosis[],
  lastIteration: number | null,
  width: number,
  height: number,
): PreparedTimeline {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 64, top: 20 });
  const { x, y, curvePath } = bestSoFarFrame(curve, plot, { xs: diagnoses.map((d) => d.triggerGeneration), lastIteration });
  const seen = new Map<number, number>();
  const markers = [...diagnoses]
    .sort((a, b) => a.triggerGeneration - b.triggerGeneration)
    .map((d) => {
      const score = bestAt(curve, d.triggerGeneration);
      const stacked = seen.get(d.triggerGeneration) ?? 0;
      seen.set(d.triggerGeneration, stacked + 1);
      const base = score === null ? (plot.top + plot.bottom) / 2 : y(score);
      return { id: d.id, x: x(d.triggerGeneration), y: Math.max(plot.top, base - stacked * STACK_PX), generation: d.triggerGeneration, score, origin: d.origin, label: d.label };
    });
  return { width, height, plot, xTicks: ticksOf(x, tickCount(plot.right - plot.left), tickLabel, true), yTicks: ticksOf(y, 5), curvePath, markers };
}

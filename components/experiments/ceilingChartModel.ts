// PREPARE for "the tuning ceiling against the run's own best-so-far curve" (issue 11, §5.4): the
// run's best-so-far as a step line over iterations, and for each tuned program a segment from its
// original score up (or down) to its ceiling at the program's iteration. Where a ceiling reaches
// the curve's later level, the run's later gain was within reach of tuning alone. Pure.
import { bestSoFarFrame, DEFAULT_MARGIN, plotOf, tickCount, tickLabel, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';
import type { CeilingPoint } from './runExperimentsModel';

export interface CeilingMark {
  experimentId: string;
  label: string;
  x: number;
  yOriginal: number | null;
  yCeiling: number | null;
  original: number | null;
  ceiling: number | null;
  iteration: number;
}

export interface PreparedCeilingChart {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  curvePath: string;
  marks: CeilingMark[];
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function prepareCeilingChart(
  curve: readonly { iteration: number; score: number }[],
  points: readonly CeilingPoint[],
  lastIteration: number | null,
  width: number,
  height: number,
): PreparedCeilingChart {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 64 });
  const placed = points.filter((p): p is CeilingPoint & { iteration: number } => p.iteration !== null);
  const { x, y, curvePath } = bestSoFarFrame(curve, plot, {
    xs: placed.map((p) => p.iteration),
    ys: placed.flatMap((p) => [p.original, p.ceiling]).filter(finite),
    lastIteration,
  });
  const marks = placed.map((p) => ({
    experimentId: p.experimentId,
    label: p.programExternalId,
    x: x(p.iteration),
    yOriginal: finite(p.original) ? y(p.original) : null,
    yCeiling: finite(p.ceiling) ? y(p.ceiling) : null,
    original: p.original,
    ceiling: p.ceiling,
    iteration: p.iteration,
  }));
  return {
    width,
    height,
    plot,
    xTicks: ticksOf(x, tickCount(plot.right - plot.left), tickLabel, true),
    yTicks: ticksOf(y, 5),
    curvePath,
    marks,
  };
}

// PREPARE for the tuning trace (issue 11, §5.4): one dot per evaluator call (its score; a failed
// call sits on the bottom edge, marked), the best-so-far step line over the calls, and the two
// reference lines the gap is read against: the program's original score and the run's final best.
// Pure: the component only draws what this returns.
import { scaleLinear } from 'd3';
import type { TuneCall, TunePhase } from '@/lib/contracts/interventionTypes';
import { DEFAULT_MARGIN, plotOf, tickCount, tickLabel, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export interface TuneChartInput {
  calls: readonly Pick<TuneCall, 'idx' | 'phase' | 'score' | 'status'>[];
  bestSoFar: readonly (number | null)[];
  originalScore: number | null;
  runFinalBest: number | null;
  ceiling: number | null;
}

export interface TuneDot {
  /** 1-based call number along the x axis. */
  call: number;
  x: number;
  y: number;
  phase: TunePhase;
  score: number | null;
  failed: boolean;
}

export interface TuneReference {
  kind: 'original' | 'final-best' | 'ceiling';
  value: number;
  y: number;
}

export interface PreparedTuneChart {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  dots: TuneDot[];
  /** SVG path of best-so-far as a step line (after call i it holds until call i+1); '' if none. */
  bestPath: string;
  references: TuneReference[];
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function prepareTuneChart(input: TuneChartInput, width: number, height: number): PreparedTuneChart {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 64 });
  const n = input.calls.length;
  const scores = input.calls.map((c) => c.score).filter(finite);
  const refs: TuneReference['kind'][] = ['original', 'final-best', 'ceiling'];
  const refValues = [input.originalScore, input.runFinalBest, input.ceiling];
  const all = [...scores, ...input.bestSoFar.filter(finite), ...refValues.filter(finite)];
  let lo = all.length ? Math.min(...all) : 0;
  let hi = all.length ? Math.max(...all) : 1;
  if (hi === lo) {
    // One value only: open a band around it so the dots are not drawn on an edge.
    const pad = Math.abs(lo) * 0.05 || 1;
    lo -= pad;
    hi += pad;
  }
  const x = scaleLinear().domain([1, Math.max(2, n)]).range([plot.left + 6, plot.right - 6]);
  const y = scaleLinear().domain([lo, hi]).range([plot.bottom - 6, plot.top + 4]).nice();
  const dots: TuneDot[] = input.calls.map((c, i) => {
    const failed = !finite(c.score);
    return { call: i + 1, x: x(i + 1), y: failed ? plot.bottom - 2 : y(c.score as number), phase: c.phase, score: c.score, failed };
  });
  let bestPath = '';
  let prev: number | null = null;
  input.bestSoFar.forEach((b, i) => {
    if (!finite(b)) return;
    const px = x(i + 1);
    const py = y(b);
    if (prev === null) bestPath = `M${px},${py}`;
    else bestPath += `H${px}V${py}`;
    prev = py;
  });
  if (bestPath && n > 0) bestPath += `H${x(n)}`;
  const references = refs
    .map((kind, i) => ({ kind, v: refValues[i] }))
    .filter((r): r is { kind: TuneReference['kind']; v: number } => finite(r.v))
    .map((r) => ({ kind: r.kind, value: r.v, y: y(r.v) }));
  return {
    width,
    height,
    plot,
    xTicks: ticksOf(x, Math.min(n || 1, tickCount(plot.right - plot.left, 60)), tickLabel, true),
    yTicks: ticksOf(y, 5),
    dots,
    bestPath,
    references,
  };
}

/**
 * Best-so-far of a trace of scores in the run's direction (failed calls do not count); what the
 * page shows while a report is not stored yet (from the calls stored so far).
 */
export function bestSoFarOf(scores: readonly (number | null)[], higherIsBetter: boolean): (number | null)[] {
  let best: number | null = null;
  return scores.map((s) => {
    if (finite(s) && (best === null || (higherIsBetter ? s > best : s < best))) best = s;
    return best;
  });
}

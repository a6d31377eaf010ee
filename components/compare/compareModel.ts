// PREPARE for the compare page: best-so-far curves of several runs, x by normalised budget
// (iteration / last iteration) or by iteration, y raw (linear or log) or with each run's y
// normalised to [first valid score, final best] (the default when the runs' metrics differ:
// raw values of different metrics share no scale); and horizontal bars of per-run shares and
// compositions. Pure.
import { curveStepAfter, line, scaleLinear, scaleLog, schemeTableau10 } from 'd3';
import { COMPOSITION_BUCKETS, type CompositionBucket } from '@/lib/contracts/analysisTypes';
import { DEFAULT_MARGIN, percentLabel, plotOf, tickCount, tickLabel, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export const runColour = (i: number) => schemeTableau10[i % schemeTableau10.length];

export interface CurveInput {
  runId: string;
  name: string;
  /** The metric the curve follows (shown on hover and as data-metric). */
  metric?: string;
  points: readonly { iteration: number; score: number }[];
  lastIteration: number | null;
  /** Cumulative LLM cost when each point's program was produced (aligned with points) and the
   * run's total, for x = 'cost' (lib/analysis/costCurve.ts); absent: the run has no cost. */
  cost?: { at: number[]; total: number } | null;
  costBasis?: 'counters' | 'contexts' | null;
}

export type CompareX = 'budget' | 'iteration' | 'cost';
export interface CompareOptions {
  /** Log y (raw values only; refused, with a reason, when a value is not positive). */
  log?: boolean;
  x?: CompareX;
}

/** Scale each run on its own by default when the runs' score metrics are not all the same one. */
export function metricsDiffer(metrics: readonly (string | null | undefined)[]): boolean {
  return new Set(metrics.filter((m): m is string => !!m)).size > 1;
}

/**
 * A run's best-so-far as (x, y): x = iteration / lastIteration (or the iteration itself); y raw
 * or scaled to [first, final]. Held to the end of the budget (its last iteration).
 */
export function normalisedCurve(input: CurveInput, normaliseY: boolean, xBy: CompareX = 'budget'): { x: number; y: number }[] {
  const pts = input.points;
  if (!pts.length) return [];
  if (xBy === 'cost' && !input.cost) return [];
  const last = input.lastIteration ?? 0;
  const nx = (it: number) => (xBy === 'iteration' ? it : last > 0 ? Math.min(1, Math.max(0, it / last)) : 0);
  const first = pts[0].score;
  const final = pts[pts.length - 1].score;
  // No gain: the run holds its final best from its first valid program on, so it sits at 1.
  const ny = (v: number) => (!normaliseY ? v : final === first ? 1 : (v - first) / (final - first) + 0);
  const out = pts.map((p, i) => ({ x: xBy === 'cost' ? input.cost!.at[i] : nx(p.iteration), y: ny(p.score) }));
  // Held to the end of the budget.
  const end = xBy === 'iteration' ? Math.max(last, pts[pts.length - 1].iteration) : xBy === 'cost' ? Math.max(input.cost!.total, out[out.length - 1].x) : 1;
  out.push({ x: end, y: out[out.length - 1].y });
  return out;
}

export interface PreparedCurve {
  runId: string;
  name: string;
  metric?: string;
  colour: string;
  path: string;
  end: { x: number; y: number } | null;
}

export interface PreparedCompareChart {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  curves: PreparedCurve[];
  /** What y shows: each run scaled on its own, raw values on a linear or on a log scale. */
  yScale: 'per-run' | 'linear' | 'log';
  x: CompareX;
  /** Why a log scale was asked for and not drawn (a value that is not positive). */
  logRefused: string | null;
}

/** Log ticks: the powers of ten in the domain, or d3's ticks when fewer than two fit. */
function logTicks(y: ReturnType<typeof scaleLog<number, number>>): Tick[] {
  const all = y.ticks();
  const powers = all.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  return (powers.length >= 2 ? powers : all.slice(0, 8)).map((v) => ({ pos: y(v), label: tickLabel(v) }));
}

export function prepareCompareChart(
  inputs: readonly CurveInput[],
  normaliseY: boolean,
  width: number,
  height: number,
  opts: CompareOptions = {},
): PreparedCompareChart {
  const xBy = opts.x ?? 'budget';
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 64 });
  const data = inputs.map((c) => normalisedCurve(c, normaliseY, xBy));
  const ys = data.flat().map((p) => p.y);
  let lo = ys.length ? Math.min(...ys) : 0;
  let hi = ys.length ? Math.max(...ys) : 1;
  const logRefused = opts.log && !normaliseY && lo <= 0 ? `a log scale needs positive values (the lowest is ${tickLabel(lo)})` : null;
  const log = !!opts.log && !normaliseY && !logRefused;
  if (normaliseY) {
    lo = Math.min(0, lo);
    hi = Math.max(1, hi);
  } else if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= log ? 0 : pad;
    hi += pad;
  }
  const xMax = xBy === 'iteration' ? Math.max(1, ...data.flat().map((p) => p.x)) : xBy === 'cost' ? Math.max(0, ...data.flat().map((p) => p.x)) || 1 : 1;
  const x = scaleLinear().domain([0, xMax]).range([plot.left, plot.right]);
  const y = log
    ? scaleLog().domain([lo, hi]).range([plot.bottom, plot.top]).nice()
    : scaleLinear().domain([lo, hi]).range([plot.bottom, plot.top]).nice();
  const draw = line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))
    .curve(curveStepAfter);
  const curves = inputs.map((c, i) => {
    const d = data[i];
    const end = d.length ? { x: x(d[d.length - 1].x), y: y(d[d.length - 1].y) } : null;
    return { runId: c.runId, name: c.name, metric: c.metric, colour: runColour(i), path: d.length ? (draw(d) ?? '') : '', end };
  });
  const xCount = tickCount(plot.right - plot.left, 90);
  return {
    width,
    height,
    plot,
    xTicks: xBy === 'iteration' ? ticksOf(x, xCount, undefined, true) : xBy === 'cost' ? ticksOf(x, xCount) : ticksOf(x, xCount, percentLabel),
    yTicks: log
      ? logTicks(y as ReturnType<typeof scaleLog<number, number>>)
      : ticksOf(y as ReturnType<typeof scaleLinear<number, number>>, 5, normaliseY ? percentLabel : undefined),
    curves,
    yScale: normaliseY ? 'per-run' : log ? 'log' : 'linear',
    x: xBy,
    logRefused,
  };
}

export interface ShareBar {
  runId: string;
  name: string;
  colour: string;
  value: number | null;
  width: number;
}

/** One bar per run, on a shared 0..max scale (at least 10 %), `width` pixels for the largest. */
export function prepareShareBars(rows: readonly { runId: string; name: string; value: number | null }[], width: number): { bars: ShareBar[]; max: number } {
  const max = Math.max(0.1, ...rows.map((r) => r.value ?? 0));
  const x = scaleLinear().domain([0, max]).range([0, width]);
  return { max, bars: rows.map((r, i) => ({ ...r, colour: runColour(i), width: r.value === null ? 0 : x(r.value) })) };
}

export interface CompositionSegment {
  bucket: CompositionBucket;
  count: number;
  share: number;
  x: number;
  width: number;
}

/** Each run's composition buckets as one 100 % bar (edits without code lines left out). */
export function prepareCompositionShares(composition: Record<CompositionBucket, number>, width: number): { total: number; segments: CompositionSegment[] } {
  const total = COMPOSITION_BUCKETS.reduce((s, b) => s + composition[b], 0);
  let at = 0;
  const segments = COMPOSITION_BUCKETS.map((bucket) => {
    const count = composition[bucket];
    const share = total ? count / total : 0;
    const seg = { bucket, count, share, x: at * width, width: share * width };
    at += share;
    return seg;
  });
  return { total, segments };
}

/**
 * Whether the runs' best-so-far values live on different scales, so that raw values on one axis
 * would flatten some runs into a line (issue 24: /compare showed raw scores by default). True when
 * one run's gain (final best - first value) is over ten times another's, or their value ranges do
 * not overlap at all. Runs with fewer than two points have no gain and are left out.
 */
export function scalesDiffer(inputs: readonly CurveInput[]): boolean {
  const ranges = inputs
    .filter((c) => c.points.length > 0)
    .map((c) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (const p of c.points) {
        lo = Math.min(lo, p.score);
        hi = Math.max(hi, p.score);
      }
      return { lo, hi, gain: hi - lo };
    });
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i];
      const b = ranges[j];
      if (a.hi < b.lo || b.hi < a.lo) return true;
      const small = Math.min(a.gain, b.gain);
      const large = Math.max(a.gain, b.gain);
      if (large > 0 && (small === 0 ? true : large / small > 10)) return true;
    }
  }
  return false;
}

/** The chart's switches in the compare page's URL (&norm=0|1, &log=1, &x=budget|iteration|cost). */
export interface CompareChartView {
  /** null: the default, which follows whether the runs' metrics or scales differ. */
  normalise: boolean | null;
  log: boolean;
  x: CompareX;
}

export function compareChartView(sp: URLSearchParams): CompareChartView {
  const norm = sp.get('norm');
  const x = sp.get('x');
  return {
    normalise: norm === '1' ? true : norm === '0' ? false : null,
    log: sp.get('log') === '1',
    x: x === 'iteration' || x === 'cost' ? x : 'budget',
  };
}

/** The page's query with the chart's switches set (defaults left out), every other parameter kept. */
export function compareChartQuery(view: CompareChartView, current: URLSearchParams): string {
  const p = new URLSearchParams(current);
  if (view.normalise === null) p.delete('norm');
  else p.set('norm', view.normalise ? '1' : '0');
  if (view.log) p.set('log', '1');
  else p.delete('log');
  if (view.x === 'budget') p.delete('x');
  else p.set('x', view.x);
  const s = p.toString().replace(/%2C/gi, ',');
  return s ? `?${s}` : '';
}

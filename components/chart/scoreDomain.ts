// PREPARE: which score range a chart shows, and the view switches that change it (issue 24,
// "Charts"). A few wild scores (FunSearch's -150 for a failed packing against a climb from
// -66.25 to -64.25) must not set the y-range: by default the range is the scores inside fences
// three 10-90 % spans beyond the 10th and 90th percentiles, widened to the best-so-far curve's
// better side; the scores outside are drawn at the edge and counted. "Show all" gives the full
// range back. Why not median ± k MAD or Tukey's quartile fences: evolved scores are discrete and
// bunched (the FunSearch demo: 80 of 189 programs at -64.75 or -64.5), so the MAD and the IQR are
// tiny and both would clamp honest scores such as -69.5; the 10-90 % span is as wide as the bulk
// of the run, so only sentinel-like values (penalties, failure scores) fall outside. For normal
// scores the fences sit about 9 sigma out. The switches and the zoom live in the page's URL
// (useUrlView) and are parsed here. Pure.

/** How many 10-90 % spans beyond the 10th / 90th percentile a score may lie before it stops setting the range. */
export const FENCE_K = 3;

export interface ScoreView {
  /** Every score sets the range (no outlier clamping). */
  showAll: boolean;
  /** Logarithmic y axis (honoured only when every score shown is positive). */
  log: boolean;
  /** Zoomed iteration range, null: the whole run. */
  x: [number, number] | null;
  /** Zoomed score range, null: the default (robust or full) range. */
  y: [number, number] | null;
}

export const DEFAULT_SCORE_VIEW: ScoreView = { showAll: false, log: false, x: null, y: null };

/** Linear-interpolation quantile of ascending `sorted` (type 7, as numpy and d3 compute it). */
function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (h - lo);
}

/** The fences of `values` (finite, any order); null with fewer than 10 values or no spread (the 10th and 90th percentiles equal). */
export function fences(values: readonly number[], k = FENCE_K): [number, number] | null {
  if (values.length < 10) return null;
  const s = [...values].sort((a, b) => a - b);
  const q10 = quantile(s, 0.1);
  const q90 = quantile(s, 0.9);
  const span = q90 - q10;
  if (!(span > 0)) return null;
  return [q10 - k * span, q90 + k * span];
}

export interface ScoreDomain {
  /** The range the scale covers before padding and nice(). */
  lo: number;
  hi: number;
  /** Scores below / above [lo, hi]: drawn at the plot's edge, marked. */
  below: number;
  above: number;
}

/**
 * The y-range of a score chart. `values`: every valid score; `best`: the best-so-far curve's
 * scores, whose better side is always inside the range (a breakthrough is never an outlier),
 * while a dreadful first program the curve starts from may be.
 */
export function scoreDomain(values: readonly number[], best: readonly number[], higherIsBetter: boolean, showAll: boolean): ScoreDomain {
  const all = [...values, ...best];
  if (!all.length) return { lo: 0, hi: 1, below: 0, above: 0 };
  const f = showAll ? null : fences(values);
  const inside = f ? values.filter((v) => v >= f[0] && v <= f[1]) : values;
  const bestKept = f ? best.filter((v) => (higherIsBetter ? v >= f[0] : v <= f[1])) : best;
  const kept = [...inside, ...bestKept];
  if (!kept.length) return { lo: Math.min(...all), hi: Math.max(...all), below: 0, above: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of kept) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  let below = 0;
  let above = 0;
  for (const v of values) {
    if (v < lo) below++;
    else if (v > hi) above++;
  }
  return { lo, hi, below, above };
}

const pair = (s: string | null): [number, number] | null => {
  const m = s?.split(',').map(Number);
  return m && m.length === 2 && m.every(Number.isFinite) && m[0] < m[1] ? [m[0], m[1]] : null;
};
const short = (v: number) => String(Number(v.toPrecision(6)));

/** The view from a page's query: ?zx=a,b&zy=c,d&outliers=all&yscale=log. */
export function parseScoreView(sp: URLSearchParams): ScoreView {
  return { showAll: sp.get('outliers') === 'all', log: sp.get('yscale') === 'log', x: pair(sp.get('zx')), y: pair(sp.get('zy')) };
}

/** The query with the view written over the current parameters (others kept). */
export function scoreViewQuery(v: ScoreView, current: URLSearchParams): string {
  const q = new URLSearchParams(current);
  const set = (k: string, val: string | null) => (val === null ? q.delete(k) : q.set(k, val));
  set('outliers', v.showAll ? 'all' : null);
  set('yscale', v.log ? 'log' : null);
  set('zx', v.x ? `${short(v.x[0])},${short(v.x[1])}` : null);
  set('zy', v.y ? `${short(v.y[0])},${short(v.y[1])}` : null);
  const s = q.toString();
  return s ? `?${s}` : '';
}

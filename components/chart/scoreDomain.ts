// PREPARE: which score range a chart shows, and the view switches that change it (issue 24,
// "Charts"). A few wild scores (FunSearch's -150 for a failed packing against a climb from
// -66.25 to -64.25) must not set the y-range: by default the range is the scores within
// median ± 5 scaled MADs (a 5-sigma band for normal scores; the median absolute deviation, unlike
// quartiles, ignores up to half the scores being wild), widened to the best-so-far curve's better
// side; the scores outside are drawn at the edge and counted. "Show all" gives the full range
// back. The switches and the zoom live in the page's URL (useUrlView) and are parsed here. Pure.

/** How many scaled MADs from the median a score may lie before it stops setting the range. */
export const FENCE_K = 5;
/** MAD times this estimates the standard deviation of normal data. */
const MAD_TO_SD = 1.4826;

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

function median(sorted: readonly number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** The band median ± k scaled MADs of `values` (finite, any order); null with fewer than 4 values or no spread. */
export function fences(values: readonly number[], k = FENCE_K): [number, number] | null {
  if (values.length < 4) return null;
  const med = median([...values].sort((a, b) => a - b));
  const mad = median(values.map((v) => Math.abs(v - med)).sort((a, b) => a - b));
  if (!(mad > 0)) return null;
  return [med - k * MAD_TO_SD * mad, med + k * MAD_TO_SD * mad];
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

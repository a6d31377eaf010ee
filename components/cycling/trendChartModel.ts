// PREPARE for the recycled-share chart: one point per iteration (share of the lines added at
// that iteration that re-add a previously removed line) and the least-squares line through
// them, the trend whose slope the report stores. Pure.
import { line, scaleLinear, scaleSqrt } from 'd3';
import type { TrendPoint } from '@/lib/contracts/api/analyses';
import { DEFAULT_MARGIN, percentLabel, plotOf, tickCount, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export interface LeastSquares {
  slope: number;
  intercept: number;
}

/** Ordinary least squares y = intercept + slope * x; null with fewer than two distinct x. */
export function leastSquares(xs: readonly number[], ys: readonly number[]): LeastSquares | null {
  const n = xs.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

export interface TrendDot {
  x: number;
  y: number;
  r: number;
  /** First and last iteration the dot covers (equal unless points were pooled). */
  iteration: number;
  lastIteration: number;
  share: number;
  added: number;
  recycled: number;
}

/** Most dots drawn; longer runs pool neighbouring iterations (the fit still uses every point). */
export const MAX_TREND_DOTS = 1500;

/** Pools consecutive points into at most `max` groups: share = recycled / added over the group. */
export function poolTrendPoints(points: readonly TrendPoint[], max = MAX_TREND_DOTS) {
  const per = Math.max(1, Math.ceil(points.length / max));
  const out: { iteration: number; lastIteration: number; added: number; recycled: number; share: number }[] = [];
  for (let i = 0; i < points.length; i += per) {
    const group = points.slice(i, i + per);
    const added = group.reduce((s, p) => s + p.added, 0);
    const recycled = group.reduce((s, p) => s + p.recycled, 0);
    out.push({
      iteration: group[0].iteration,
      lastIteration: group[group.length - 1].iteration,
      added,
      recycled,
      share: per === 1 ? group[0].share : recycled / (added || 1),
    });
  }
  return out;
}

export interface PreparedTrend {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  dots: TrendDot[];
  /** SVG path of the least-squares line across the iteration range; '' with < 2 iterations. */
  trendPath: string;
  fit: LeastSquares | null;
}

/**
 * Every stored point is drawn and fitted (iterations whose edits added no line count as share 0,
 * as in lib/analysis/cycling.ts), so the line's slope is the report's. Dot area grows with the
 * lines added at the iteration, so 100 % of one line does not look like 100 % of forty.
 */
export function prepareTrendChart(points: readonly TrendPoint[], width: number, height: number): PreparedTrend {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 52 });
  const used = points;
  const lo = used.length ? used[0].iteration : 0;
  const hi = used.length ? used[used.length - 1].iteration : 1;
  const x = scaleLinear().domain([lo, hi > lo ? hi : lo + 1]).range([plot.left, plot.right]).nice();
  const maxShare = used.reduce((m, p) => Math.max(m, p.share), 0);  // pooled shares never exceed it
  const y = scaleLinear().domain([0, Math.max(0.1, maxShare)]).range([plot.bottom, plot.top]).nice();
  const pooled = poolTrendPoints(used);
  const maxAdded = pooled.reduce((m, p) => Math.max(m, p.added), 1);
  const r = scaleSqrt().domain([0, maxAdded]).range([1.2, 6]);
  const dots = pooled.map((p) => ({ x: x((p.iteration + p.lastIteration) / 2), y: y(p.share), r: r(p.added), ...p }));
  const fit = leastSquares(used.map((p) => p.iteration), used.map((p) => p.share));
  const [d0, d1] = x.domain();
  const trendPath = fit ? (line()([[x(d0), y(fit.intercept + fit.slope * d0)], [x(d1), y(fit.intercept + fit.slope * d1)]]) ?? '') : '';
  return {
    width,
    height,
    plot,
    xTicks: ticksOf(x, tickCount(plot.right - plot.left), undefined, true),
    yTicks: ticksOf(y, 5, percentLabel),
    dots,
    trendPath,
    fit,
  };
}

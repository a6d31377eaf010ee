// PREPARE helpers shared by the analysis charts: the plot rectangle inside margins, tick
// positions and labels from a d3 scale, and histogram bars. Pure (no React, no DOM).
import { scaleLinear, type ScaleLinear } from 'd3';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
export interface Tick {
  pos: number;
  label: string;
}

export const DEFAULT_MARGIN: Margin = { top: 12, right: 16, bottom: 40, left: 56 };

export function plotOf(width: number, height: number, m: Margin = DEFAULT_MARGIN): Plot {
  return { left: m.left, right: Math.max(m.left + 1, width - m.right), top: m.top, bottom: Math.max(m.top + 1, height - m.bottom) };
}

/** Short tick text: 6 significant digits, exponent for very large or small values. */
export function tickLabel(v: number): string {
  const a = Math.abs(v);
  return a !== 0 && (a >= 1e5 || a < 1e-3) ? v.toExponential(1) : String(Number(v.toPrecision(6)));
}

export const percentLabel = (v: number) => `${Number((v * 100).toPrecision(4))}%`;

/** Ticks of a linear scale; `integers` drops fractional ticks (iterations, counts). */
export function ticksOf(
  scale: ScaleLinear<number, number>,
  count: number,
  format: (v: number) => string = tickLabel,
  integers = false,
): Tick[] {
  return scale
    .ticks(count)
    .filter((v) => !integers || Number.isInteger(v))
    .map((v) => ({ pos: scale(v), label: format(v) }));
}

/** How many ticks fit along `pixels` with about `spacing` pixels between them. */
export const tickCount = (pixels: number, spacing = 80) => Math.max(2, Math.floor(pixels / spacing));

/** Width in pixels of a tick label at the axes' 11 px sans-serif, with room on both sides (a safe over-estimate). */
export const estimateLabelWidth = (label: string) => label.length * 7 + 8;

/** Every k-th tick, the smallest k for which no two kept labels overlap. */
export function thinTicks(ticks: readonly Tick[]): Tick[] {
  const sorted = [...ticks].sort((a, b) => a.pos - b.pos);
  for (let k = 1; k <= sorted.length; k++) {
    const kept = sorted.filter((_, i) => i % k === 0);
    let fits = true;
    for (let i = 1; i < kept.length && fits; i++) {
      fits = kept[i].pos - kept[i - 1].pos >= (estimateLabelWidth(kept[i].label) + estimateLabelWidth(kept[i - 1].label)) / 2;
    }
    if (fits) return kept;
  }
  return sorted.slice(0, 1);
}

export interface HistogramBar {
  x: number;
  y: number;
  width: number;
  height: number;
  from: number;
  to: number;
  count: number;
}

export interface PreparedHistogram {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  bars: HistogramBar[];
}

/**
 * Bars for integer bins [from, to] (inclusive): a bin covers x(from) .. x(to + 1), so bins of
 * width 1 (lineage depths) and wider bins (span ranges) share one drawing.
 */
export function prepareHistogram(
  bins: readonly { from: number; to: number; count: number }[],
  width: number,
  height: number,
  margin: Margin = DEFAULT_MARGIN,
): PreparedHistogram {
  const plot = plotOf(width, height, margin);
  const lo = bins.length ? Math.min(...bins.map((b) => b.from)) : 0;
  const hi = bins.length ? Math.max(...bins.map((b) => b.to + 1)) : 1;
  const maxCount = bins.reduce((m, b) => Math.max(m, b.count), 0);
  const x = scaleLinear().domain([lo, Math.max(hi, lo + 1)]).range([plot.left, plot.right]);
  const y = scaleLinear().domain([0, Math.max(1, maxCount)]).range([plot.bottom, plot.top]).nice();
  const bars = bins.map((b) => {
    const x0 = x(b.from);
    const x1 = x(b.to + 1);
    return { x: x0 + 1, width: Math.max(1, x1 - x0 - 2), y: y(b.count), height: plot.bottom - y(b.count), from: b.from, to: b.to, count: b.count };
  });
  // Ticks at bin centres labelled with the bin's range when there are few bins, else the scale's
  // own; either way only every k-th label is kept when the labels would overlap.
  const all =
    bins.length && bins.length <= 16
      ? bins.map((b) => ({ pos: (x(b.from) + x(b.to + 1)) / 2, label: b.to > b.from ? `${b.from}–${b.to}` : String(b.from) }))
      : ticksOf(x, tickCount(plot.right - plot.left), tickLabel, true);
  const xTicks = thinTicks(all);
  return { width, height, plot, xTicks, yTicks: ticksOf(y, 4, tickLabel, true), bars };
}

/**
 * Scales and path of a run's best-so-far step line over iterations, with other values the chart
 * draws on the same axes (`xs`: iterations of marks, `ys`: scores of marks); the line runs on to
 * the furthest of its last point, `lastIteration` and `xs`. A flat range is padded by 5%.
 */
export function bestSoFarFrame(
  curve: readonly { iteration: number; score: number }[],
  plot: Plot,
  extra: { xs?: readonly number[]; ys?: readonly number[]; lastIteration?: number | null } = {},
): { x: ScaleLinear<number, number>; y: ScaleLinear<number, number>; curvePath: string } {
  const values = [...curve.map((c) => c.score), ...(extra.ys ?? [])];
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.05 || 1;
    lo -= pad;
    hi += pad;
  }
  const last = extra.lastIteration ?? null;
  const iters = [...curve.map((c) => c.iteration), ...(extra.xs ?? []), ...(last !== null ? [last] : [])];
  const x0 = iters.length ? Math.min(...iters) : 0;
  const x1 = iters.length ? Math.max(...iters) : 1;
  const x = scaleLinear().domain([x0, x1 > x0 ? x1 : x0 + 1]).range([plot.left, plot.right]);
  const y = scaleLinear().domain([lo, hi]).range([plot.bottom, plot.top]).nice();
  let curvePath = '';
  curve.forEach((c, i) => {
    curvePath += i === 0 ? `M${x(c.iteration)},${y(c.score)}` : `H${x(c.iteration)}V${y(c.score)}`;
  });
  if (curve.length) curvePath += `H${x(Math.max(curve[curve.length - 1].iteration, last ?? -Infinity, ...(extra.xs ?? [])))}`;
  return { x, y, curvePath };
}

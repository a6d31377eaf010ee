// PREPARE for edit composition over iterations: per iteration bucket, a stacked bar of the
// edits in each composition bucket (pure tuning at the bottom .. pure structural, then edits
// with no code lines on top). Pure.
import { scaleLinear, stack } from 'd3';
import type { CompositionSlice } from '@/lib/contracts/api/analyses';
import { COMPOSITION_BUCKETS, type CompositionBucket } from '@/lib/contracts/analysisTypes';
import { DEFAULT_MARGIN, percentLabel, plotOf, tickCount, ticksOf, type HistogramBar, type Plot, type Tick } from '../analysis/chartFrame';

export type CompositionKey = CompositionBucket | 'none';
export const COMPOSITION_KEYS: readonly CompositionKey[] = [...COMPOSITION_BUCKETS, 'none'];

/** A bar segment: a histogram bar of one composition bucket, with its bar's total. */
export interface CompositionRect extends HistogramBar {
  key: CompositionKey;
  total: number;
}

export interface PreparedComposition {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  rects: CompositionRect[];
}

/** `shares`: each bar scaled to 100 % of its edits (composition), else stacked counts (volume). */
export function prepareCompositionChart(slices: readonly CompositionSlice[], width: number, height: number, shares: boolean): PreparedComposition {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 48 });
  const rows = slices.map((s) => {
    const total = COMPOSITION_BUCKETS.reduce((n, b) => n + s.counts[b], 0) + s.none;
    const scale = shares && total > 0 ? 1 / total : 1;
    const row: Record<CompositionKey, number> = { ...s.counts, none: s.none };
    for (const k of COMPOSITION_KEYS) row[k] *= scale;
    return { slice: s, total, row };
  });
  const lo = slices.length ? slices[0].from : 0;
  const hi = slices.length ? slices[slices.length - 1].to + 1 : 1;
  const x = scaleLinear().domain([lo, Math.max(hi, lo + 1)]).range([plot.left, plot.right]);
  const maxTotal = shares ? 1 : rows.reduce((m, r) => Math.max(m, r.total), 1);
  const y = scaleLinear().domain([0, maxTotal]).range([plot.bottom, plot.top]);
  if (!shares) y.nice();
  const series = stack<(typeof rows)[number], CompositionKey>()
    .keys(COMPOSITION_KEYS)
    .value((d, k) => d.row[k])(rows);
  const rects: CompositionRect[] = [];
  for (const layer of series) {
    layer.forEach((seg, i) => {
      const { slice, total } = rows[i];
      const count = layer.key === 'none' ? slice.none : slice.counts[layer.key];
      if (count === 0) return;
      const x0 = x(slice.from);
      const x1 = x(slice.to + 1);
      rects.push({
        key: layer.key,
        x: x0 + 0.5,
        width: Math.max(1, x1 - x0 - 1),
        y: y(seg[1]),
        height: Math.max(0, y(seg[0]) - y(seg[1])),
        from: slice.from,
        to: slice.to,
        count,
        total,
      });
    });
  }
  return {
    width,
    height,
    plot,
    xTicks: ticksOf(x, tickCount(plot.right - plot.left), undefined, true),
    yTicks: ticksOf(y, 4, shares ? percentLabel : undefined, !shares),
    rects,
  };
}

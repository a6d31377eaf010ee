// PREPARE for the "what gets evolved" charts (paper §5.1, Figure 3): per iteration bucket, the
// median (line) and mean (dashed) of a program measure. Pure.
import { line, scaleLinear } from 'd3';
import type { ComplexityBucketData } from '@/lib/contracts/api/analyses';
import { DEFAULT_MARGIN, plotOf, tickCount, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export type ComplexityMeasure = 'loc' | 'numericLiterals' | 'tunableLiterals';

export const MEASURE_LABELS: Record<ComplexityMeasure, string> = {
  loc: 'Lines of code',
  numericLiterals: 'Numeric literals',
  tunableLiterals: 'Tunable literals',
};

export interface ComplexityDot {
  x: number;
  y: number;
  from: number;
  to: number;
  median: number;
  mean: number | null;
  programs: number;
}

export interface PreparedComplexity {
  width: number;
  height: number;
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  medianPath: string;
  meanPath: string;
  dots: ComplexityDot[];
}

/** x is a bucket's middle iteration; buckets without a value break neither line (they are skipped). */
export function prepareComplexityChart(buckets: readonly ComplexityBucketData[], measure: ComplexityMeasure, width: number, height: number): PreparedComplexity {
  const plot = plotOf(width, height, { ...DEFAULT_MARGIN, left: 48 });
  const mid = (b: ComplexityBucketData) => (b.iterationStart + b.iterationEnd) / 2;
  const used = buckets.filter((b) => b[measure].median !== null);
  const lo = used.length ? Math.min(...used.map((b) => b.iterationStart)) : 0;
  const hi = used.length ? Math.max(...used.map((b) => b.iterationEnd)) : 1;
  const x = scaleLinear().domain([lo, hi > lo ? hi : lo + 1]).range([plot.left, plot.right]).nice();
  const values = used.flatMap((b) => [b[measure].median!, b[measure].mean ?? b[measure].median!]);
  const yMax = values.length ? Math.max(...values) : 1;
  const yMin = values.length ? Math.min(...values) : 0;
  // From zero, so growth reads as growth; a flat series of large programs still shows its level.
  const y = scaleLinear().domain([Math.min(0, yMin), Math.max(1, yMax)]).range([plot.bottom, plot.top]).nice();
  const dots = used.map((b) => ({
    x: x(mid(b)),
    y: y(b[measure].median!),
    from: b.iterationStart,
    to: b.iterationEnd,
    median: b[measure].median!,
    mean: b[measure].mean,
    programs: b.programs,
  }));
  const medianPath = line()(dots.map((d) => [d.x, d.y])) ?? '';
  const meanPath = line()(used.filter((b) => b[measure].mean !== null).map((b) => [x(mid(b)), y(b[measure].mean!)])) ?? '';
  return {
    width,
    height,
    plot,
    xTicks: ticksOf(x, tickCount(plot.right - plot.left), undefined, true),
    yTicks: ticksOf(y, 4),
    medianPath,
    meanPath,
    dots,
  };
}

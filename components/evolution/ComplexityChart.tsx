'use client';
// VISUALISE: one program measure over iterations, median line and mean dashed line.
import { useMemo } from 'react';
import type { ComplexityBucketData } from '@/lib/contracts/api/analyses';
import { Axes } from '../analysis/Axes';
import { useElementWidth } from '../chart/useElementWidth';
import { formatScore } from '../ui/format';
import { MEASURE_LABELS, prepareComplexityChart, type ComplexityMeasure } from './complexityChartModel';

const HEIGHT = 220;

export function ComplexityChart({ buckets, measure }: { buckets: ComplexityBucketData[]; measure: ComplexityMeasure }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareComplexityChart(buckets, measure, width, HEIGHT) : null), [buckets, measure, width]);
  const label = MEASURE_LABELS[measure];
  return (
    <figure className="chart analysis-figure" data-testid={`complexity-${measure}`} data-state={chart ? 'ready' : 'loading'}>
      <h3>{label}</h3>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label={`${label} per program over iterations: median and mean`}>
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="iteration" height={chart.height} />
            <path data-testid="complexity-mean" d={chart.meanPath} fill="none" stroke="#9a9da3" strokeWidth={1.5} strokeDasharray="4 3" />
            <path data-testid="complexity-median" d={chart.medianPath} fill="none" stroke="#2456a6" strokeWidth={2} />
            {chart.dots.length <= 120 &&
              chart.dots.map((d) => (
                <circle key={d.from} cx={d.x} cy={d.y} r={2.5} fill="#2456a6">
                  <title>{`iterations ${d.from}${d.to > d.from ? `–${d.to}` : ''}: median ${formatScore(d.median)}, mean ${formatScore(d.mean)} (${d.programs} programs)`}</title>
                </circle>
              ))}
          </svg>
        )}
      </div>
    </figure>
  );
}

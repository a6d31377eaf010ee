'use client';
// VISUALISE: recycled share per iteration (dots) and its least-squares trend (line).
import { useId, useMemo } from 'react';
import type { TrendPoint } from '@/lib/contracts/api/analyses';
import { Axes } from '../analysis/Axes';
import { SHARE_COLOUR, TREND_COLOUR } from '../analysis/colours';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { formatShare } from '../ui/format';
import { formatSlope } from './CyclingHeadline';
import { prepareTrendChart } from './trendChartModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 280;

export function TrendChart({ points, slope, definitionText }: { points: TrendPoint[]; slope: number | null; definitionText: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const clip = useId();
  const chart = useMemo(() => (width > 0 ? prepareTrendChart(points, width, HEIGHT) : null), [points, width]);
  return (
    <figure className="chart analysis-figure" data-testid="trend-chart" data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Recycled share of added lines per iteration, with its least-squares trend">
            <defs>
              <clipPath id={clip}>
                <rect x={chart.plot.left} y={chart.plot.top} width={chart.plot.right - chart.plot.left} height={chart.plot.bottom - chart.plot.top} />
              </clipPath>
            </defs>
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="iteration" yLabel="recycled share" height={chart.height} />
            {chart.dots.map((d) => (
              <circle key={d.iteration} cx={d.x} cy={d.y} r={d.r} fill={SHARE_COLOUR} fillOpacity={0.55}>
                <title>{`${d.lastIteration > d.iteration ? `iterations ${d.iteration}–${d.lastIteration}` : `iteration ${d.iteration}`}: ${d.recycled} of ${d.added} added lines recycled (${formatShare(d.share)})`}</title>
              </circle>
            ))}
            <path data-testid="trend-path" d={chart.trendPath} stroke={TREND_COLOUR} strokeWidth={2} fill="none" clipPath={`url(#${clip})`} />
          </svg>
        )}
      </div>
      <figcaption>
        <Legend
          items={[
            { label: 'share of the lines added at an iteration that re-add a removed line (area: lines added)', color: SHARE_COLOUR, shape: 'dot', opacity: 0.55 },
            { key: 'trend', label: `least-squares trend (${formatSlope(slope)})`, color: TREND_COLOUR, shape: 'slope' },
          ]}
        />
        <DefinitionNote>{definitionText}</DefinitionNote>
      </figcaption>
    </figure>
  );
}

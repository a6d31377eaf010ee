'use client';
// VISUALISE: replayed score / original per trial, one lane per variant (ratioStripModel).
import { useMemo } from 'react';
import { Axes } from '../analysis/Axes';
import { useElementWidth } from '../chart/useElementWidth';
import { formatScore } from '../ui/format';
import { prepareRatioStrip, type StripInput } from './ratioStripModel';
import { Legend } from '../ui/Legend';

export function RatioStrip({ inputs, testId = 'ratio-strip' }: { inputs: StripInput[]; testId?: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareRatioStrip(inputs, width) : null), [inputs, width]);
  return (
    <figure className="chart analysis-figure" data-testid={testId} data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Replayed score over the original, per trial and variant">
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={[]} xLabel="replayed score / original" height={chart.height} grid={false} />
            <line x1={chart.oneX} x2={chart.oneX} y1={chart.plot.top} y2={chart.plot.bottom} stroke="#1a7f37" strokeDasharray="4 3" />
            {chart.lanes.map((l) => (
              <g key={l.label}>
                <text x={8} y={(l.top + l.bottom) / 2 + 4} fontSize={12} fill="#1f2328">
                  {l.label}
                </text>
                <text x={chart.noScoreX} y={(l.top + l.bottom) / 2 + 4} fontSize={11} textAnchor="middle" fill="#c0392b">
                  <title>{`${l.noScore} trials without a score`}</title>
                  {l.noScore ? `×${l.noScore}` : ''}
                </text>
                <line x1={chart.plot.left} x2={chart.plot.right} y1={l.bottom} y2={l.bottom} stroke="#ececec" />
              </g>
            ))}
            {chart.dots.map((d, i) => (
              <circle key={i} cx={d.x} cy={d.y} r={chart.r - 0.5} fill="#2456a6" fillOpacity={0.75}>
                <title>{`ratio ${formatScore(d.ratio)}`}</title>
              </circle>
            ))}
          </svg>
        )}
      </div>
      <Legend as="figcaption" items={[{ label: 'one dot per trial with a score; ×n: trials without a score; dashed line: the original (ratio 1)', shape: 'none' }]} />
    </figure>
  );
}

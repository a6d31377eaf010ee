'use client';
// VISUALISE: the tuning trace (tuneChartModel): score per call coloured by phase, failures as
// crosses on the bottom edge, the best-so-far step line, and the original / final-best / ceiling
// reference lines.
import { useMemo } from 'react';
import { Axes } from '../analysis/Axes';
import { useElementWidth } from '../chart/useElementWidth';
import { formatScore } from '../ui/format';
import { prepareTuneChart, type TuneChartInput } from './tuneChartModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 260;
export const PHASE_COLOURS = { check: '#8c8f94', default: '#1f2328', random: '#9a6700', guided: '#2456a6' } as const;
const REF_STYLE = {
  original: { colour: '#8c8f94', text: 'original' },
  'final-best': { colour: '#1a7f37', text: "run's final best" },
  ceiling: { colour: '#e07b00', text: 'ceiling' },
} as const;

export function TuneChart({ input, scoreMetric }: { input: TuneChartInput; scoreMetric: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareTuneChart(input, width, HEIGHT) : null), [input, width]);
  return (
    <figure className="chart analysis-figure" data-testid="tune-chart" data-state={chart ? 'ready' : 'loading'} data-calls={input.calls.length}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label={`${scoreMetric} per tuning call, with the best so far`}>
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="call" yLabel={scoreMetric} height={chart.height} />
            {chart.references.map((r) => (
              <g key={r.kind} data-testid={`tune-ref-${r.kind}`}>
                <line x1={chart.plot.left} x2={chart.plot.right} y1={r.y} y2={r.y} stroke={REF_STYLE[r.kind].colour} strokeDasharray="5 4" />
                <text x={chart.plot.right - 4} y={r.y - 4} textAnchor="end" fontSize={11} fill={REF_STYLE[r.kind].colour}>
                  {REF_STYLE[r.kind].text} {formatScore(r.value)}
                </text>
              </g>
            ))}
            <path data-testid="tune-best-path" d={chart.bestPath} fill="none" stroke="#e07b00" strokeWidth={2} />
            {chart.dots.map((d) =>
              d.failed ? (
                <g key={d.call} stroke="#c0392b" strokeWidth={1.5}>
                  <line x1={d.x - 4} x2={d.x + 4} y1={d.y - 4} y2={d.y + 4} />
                  <line x1={d.x - 4} x2={d.x + 4} y1={d.y + 4} y2={d.y - 4} />
                  <title>{`call ${d.call} (${d.phase}): failed, no score`}</title>
                </g>
              ) : (
                <circle key={d.call} data-testid="tune-dot" cx={d.x} cy={d.y} r={4} fill={PHASE_COLOURS[d.phase]} fillOpacity={0.8}>
                  <title>{`call ${d.call} (${d.phase}): ${formatScore(d.score)}`}</title>
                </circle>
              ),
            )}
          </svg>
        )}
      </div>
      <Legend
        as="figcaption"
        items={[
          ...(['default', 'random', 'guided'] as const).map((p) => ({
            key: p,
            label: p === 'default' ? 'the defaults' : p === 'random' ? 'random points' : 'guided (GP + expected improvement)',
            color: PHASE_COLOURS[p],
            shape: 'dot' as const,
          })),
          { label: '× failed (scored as the worst seen for the optimiser)', shape: 'none' },
          { label: 'orange line: best so far', shape: 'none' },
        ]}
      />
    </figure>
  );
}

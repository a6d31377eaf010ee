'use client';
// VISUALISE: the run's best-so-far curve and the tuning ceilings of its programs (ceilingChartModel).
import { useMemo } from 'react';
import { Axes } from '../analysis/Axes';
import { useElementWidth } from '../chart/useElementWidth';
import { formatScore } from '../ui/format';
import { prepareCeilingChart } from './ceilingChartModel';
import type { CeilingPoint } from './runExperimentsModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 300;

export function CeilingChart({ curve, points, lastIteration, scoreMetric }: {
  curve: { iteration: number; score: number }[];
  points: CeilingPoint[];
  lastIteration: number | null;
  scoreMetric: string;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareCeilingChart(curve, points, lastIteration, width, HEIGHT) : null), [curve, points, lastIteration, width]);
  return (
    <figure className="chart analysis-figure" data-testid="ceiling-chart" data-state={chart ? 'ready' : 'loading'} data-marks={chart?.marks.length ?? 0}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Tuning ceilings against the run's best-so-far curve">
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="iteration" yLabel={scoreMetric} height={chart.height} />
            <path d={chart.curvePath} fill="none" stroke="#1a7f37" strokeWidth={2} />
            {chart.marks.map((m) => (
              <g key={m.experimentId}>
                {m.yOriginal !== null && m.yCeiling !== null && <line x1={m.x} x2={m.x} y1={m.yOriginal} y2={m.yCeiling} stroke="#e07b00" strokeWidth={1.5} />}
                {m.yOriginal !== null && <circle cx={m.x} cy={m.yOriginal} r={3.5} fill="#fff" stroke="#1f2328" />}
                {m.yCeiling !== null && (
                  <circle cx={m.x} cy={m.yCeiling} r={4.5} fill="#e07b00">
                    <title>{`${m.label} (iteration ${m.iteration}): original ${formatScore(m.original)}, ceiling ${formatScore(m.ceiling)}`}</title>
                  </circle>
                )}
              </g>
            ))}
          </svg>
        )}
      </div>
      <Legend
        as="figcaption"
        items={[
          { label: "green: the run's best so far", shape: 'none' },
          { label: "○ a tuned program's recorded score", shape: 'none' },
          { label: '● its tuning ceiling (best of the tuning calls)', color: '#e07b00', shape: 'none' },
        ]}
      />
    </figure>
  );
}

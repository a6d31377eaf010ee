'use client';
// Public and private score per chain step on one shared y axis, overfitting steps ringed in red. Draws
// what prepareGeneralizationChart computed; `highlight` is the step focused in the table.
import { useMemo } from 'react';
import { useElementWidth } from '../chart/useElementWidth';
import { prepareGeneralizationChart, type ChartStep } from './generalizationChartModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 300;
const PUBLIC = '#2456a6';
const PRIVATE = '#c26a00';

export function GeneralizationChart({ steps, highlight }: { steps: ChartStep[]; highlight: number | null }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const m = useMemo(() => (width > 0 ? prepareGeneralizationChart(steps, width, HEIGHT) : null), [steps, width]);
  return (
    <figure className="chart analysis-figure" data-testid="generalization-chart" data-state={m ? 'ready' : 'measuring'}>
      <div ref={ref} className="chart-stage" style={{ height: HEIGHT }}>
        {m && (
          <svg width={m.width} height={m.height} role="img" aria-label="Public and private score per step of the best-so-far chain, on one shared axis" data-y="shared">
            {m.yTicks.map((t) => (
              <g key={`y${t.label}`} data-testid="y-tick">
                <line x1={m.margin.left} x2={m.width - m.margin.right} y1={t.y} y2={t.y} stroke="#eef0f2" />
                <text x={m.margin.left - 6} y={t.y} dy="0.32em" textAnchor="end" fontSize={11} fill="#62666d">
                  {t.label}
                </text>
              </g>
            ))}
            {m.xTicks.map((t) => (
              <text key={`x${t.x}`} x={t.x} y={m.height - m.margin.bottom + 16} textAnchor="middle" fontSize={11} fill="#62666d">
                {t.label}
              </text>
            ))}
            <line x1={m.margin.left} x2={m.width - m.margin.right} y1={m.height - m.margin.bottom} y2={m.height - m.margin.bottom} stroke="#dcdde0" />
            <path d={m.publicPath} fill="none" stroke={PUBLIC} strokeWidth={2} data-testid="public-path" />
            <path d={m.privatePath} fill="none" stroke={PRIVATE} strokeWidth={2} strokeDasharray="5 3" data-testid="private-path" />
            {m.publicPoints.map((p) => (
              <circle key={`p${p.index}`} cx={p.x} cy={p.y} r={highlight === p.index ? 6 : 4} fill={PUBLIC} data-testid="public-point" data-step={p.index} data-value={p.value} />
            ))}
            {m.privatePoints.map((p) => (
              <rect
                key={`v${p.index}`}
                x={p.x - 4}
                y={p.y - 4}
                width={8}
                height={8}
                fill={PRIVATE}
                transform={highlight === p.index ? `rotate(45 ${p.x} ${p.y})` : undefined}
                data-testid="private-point"
                data-step={p.index}
                data-value={p.value}
              />
            ))}
            {m.overfitMarks.map((p) => (
              <circle key={`o${p.index}`} cx={p.x} cy={p.y} r={9} fill="none" stroke="#c22a2a" strokeWidth={2} data-testid="overfit-mark" data-step={p.index} />
            ))}
          </svg>
        )}
      </div>
      <Legend
        items={[
          { label: 'public score', color: PUBLIC, shape: 'line' },
          { label: 'private score (same axis: a lower score is drawn lower)', color: PRIVATE, shape: 'line', dash: '5 3' },
          { label: 'overfitting step (public better, private worse)', color: '#c22a2a', shape: 'ring' },
        ]}
      />
    </figure>
  );
}

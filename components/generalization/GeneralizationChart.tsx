'use client';
// Public and private score per chain step (two y axes), overfitting steps ringed in red. Draws
// what prepareGeneralizationChart computed; `highlight` is the step focused in the table.
import { useMemo } from 'react';
import { useElementWidth } from '../chart/useElementWidth';
import { prepareGeneralizationChart, type ChartStep } from './generalizationChartModel';

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
          <svg width={m.width} height={m.height} role="img" aria-label="Public and private score per step of the best-so-far chain">
            {m.publicTicks.map((t) => (
              <text key={`pt${t.label}`} x={m.margin.left - 6} y={t.y} dy="0.32em" textAnchor="end" fontSize={11} fill={PUBLIC}>
                {t.label}
              </text>
            ))}
            {m.privateTicks.map((t) => (
              <text key={`vt${t.label}`} x={m.width - m.margin.right + 6} y={t.y} dy="0.32em" fontSize={11} fill={PRIVATE}>
                {t.label}
              </text>
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
              <circle key={`p${p.index}`} cx={p.x} cy={p.y} r={highlight === p.index ? 6 : 4} fill={PUBLIC} />
            ))}
            {m.privatePoints.map((p) => (
              <rect key={`v${p.index}`} x={p.x - 4} y={p.y - 4} width={8} height={8} fill={PRIVATE} transform={highlight === p.index ? `rotate(45 ${p.x} ${p.y})` : undefined} />
            ))}
            {m.overfitMarks.map((p) => (
              <circle key={`o${p.index}`} cx={p.x} cy={p.y} r={9} fill="none" stroke="#c22a2a" strokeWidth={2} data-testid="overfit-mark" data-step={p.index} />
            ))}
          </svg>
        )}
      </div>
      <div className="legend">
        <span>
          <svg className="swatch" width={18} height={8}><line x1={0} x2={18} y1={4} y2={4} stroke={PUBLIC} strokeWidth={2} /></svg>public score (left axis)
        </span>
        <span>
          <svg className="swatch" width={18} height={8}><line x1={0} x2={18} y1={4} y2={4} stroke={PRIVATE} strokeWidth={2} strokeDasharray="5 3" /></svg>private score (right axis)
        </span>
        <span>
          <svg className="swatch" width={12} height={12}><circle cx={6} cy={6} r={5} fill="none" stroke="#c22a2a" strokeWidth={2} /></svg>overfitting step (public better, private worse)
        </span>
      </div>
    </figure>
  );
}

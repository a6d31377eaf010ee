// VISUALISE: the axes of a prepared chart (lines, ticks, labels, optional horizontal grid).
import type { Plot, Tick } from './chartFrame';

export function Axes({
  plot,
  xTicks,
  yTicks,
  xLabel,
  yLabel,
  height,
  grid = true,
}: {
  plot: Plot;
  xTicks: Tick[];
  yTicks: Tick[];
  xLabel?: string;
  yLabel?: string;
  height: number;
  grid?: boolean;
}) {
  return (
    <g className="axes" aria-hidden="true">
      {grid && yTicks.map((t) => <line key={`g${t.label}`} x1={plot.left} x2={plot.right} y1={t.pos} y2={t.pos} stroke="#ececec" />)}
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="#9a9da3" />
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#9a9da3" />
      {yTicks.map((t) => (
        <text key={`y${t.label}`} x={plot.left - 6} y={t.pos + 4} textAnchor="end" fontSize={11} fill="#62666d">
          {t.label}
        </text>
      ))}
      {xTicks.map((t) => (
        <g key={`x${t.label}`}>
          <line x1={t.pos} x2={t.pos} y1={plot.bottom} y2={plot.bottom + 4} stroke="#9a9da3" />
          <text x={t.pos} y={plot.bottom + 16} textAnchor="middle" fontSize={11} fill="#62666d">
            {t.label}
          </text>
        </g>
      ))}
      {xLabel && (
        <text x={(plot.left + plot.right) / 2} y={height - 4} textAnchor="middle" fontSize={12} fill="#62666d">
          {xLabel}
        </text>
      )}
      {yLabel && (
        <text transform={`translate(12 ${(plot.top + plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="#62666d">
          {yLabel}
        </text>
      )}
    </g>
  );
}

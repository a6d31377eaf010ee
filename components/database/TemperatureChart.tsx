'use client';
// VISUALISE: the seed's cyclic temperature schedule (temperatureCurve) over programs stored since
// the island's last reset, with the chosen moment's position marked.
import { useMemo } from 'react';
import { line, scaleLinear } from 'd3';
import { temperatureAt, temperatureCurve } from '@/lib/analysis/programsDatabase/temperature';
import { useElementWidth } from '../chart/useElementWidth';
import { Legend } from '../ui/Legend';

const H = 140;

export function TemperatureChart({ init, period, n }: { init: number; period: number | null; n: number | null }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => {
    if (width <= 0) return null;
    const nMax = Math.max(n ?? 0, (period ?? 10) * 3);
    const pts = temperatureCurve({ init, period }, nMax);
    const x = scaleLinear().domain([0, nMax]).range([50, width - 10]);
    const y = scaleLinear().domain([0, init]).range([H - 24, 10]);
    const mark = n !== null ? { x: x(n), y: y(temperatureAt(n, { init, period }).temperature) } : null;
    return { path: line()(pts.map((p) => [x(p.n), y(p.temperature)])) ?? '', mark, xTicks: x.ticks(6).map((v) => ({ x: x(v), v })), yTicks: y.ticks(3).map((v) => ({ y: y(v), v })) };
  }, [width, init, period, n]);
  return (
    <figure className="chart" data-testid="temperature-chart" data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref}>
        {chart && (
          <svg width={width} height={H} role="img" aria-label={`Temperature schedule: init ${init}, period ${period ?? 'not stated (constant)'}${n !== null ? `, moment at ${n} stored` : ''}`}>
            <path d={chart.path} fill="none" stroke="#0969da" strokeWidth={1.5} />
            {chart.mark && <circle cx={chart.mark.x} cy={chart.mark.y} r={5} fill="#cf222e" data-testid="temperature-moment" />}
            {chart.xTicks.map((t) => (
              <text key={t.x} x={t.x} y={H - 6} fontSize={11} textAnchor="middle" fill="#62666d">{t.v}</text>
            ))}
            {chart.yTicks.map((t) => (
              <text key={t.y} x={44} y={t.y + 4} fontSize={11} textAnchor="end" fill="#62666d">{t.v}</text>
            ))}
          </svg>
        )}
      </div>
      <Legend
        as="figcaption"
        items={[
          { key: 'temperature', label: `temperature against programs stored on the island since its last reset${period === null ? ' (no period stated: held at init)' : ''}`, shape: 'none' },
          { label: '● the chosen moment', color: '#cf222e', shape: 'none' },
        ]}
      />
    </figure>
  );
}

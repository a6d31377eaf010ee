'use client';
// VISUALISE: OpenEvolve's MAP-Elites grid of the chosen island as a heatmap (featureMapModel):
// axes named after the run's feature dimensions with their bins, each elite's cell coloured by
// its score (the run's points, GET .../points) with a colour legend. Drawn only when the
// snapshot has a feature map for that island.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pointsSchema, pointsUrl } from '@/lib/contracts/api/points';
import type { SearchStateResponse, SnapshotResponse } from '@/lib/contracts/api/searchStateSchemas';
import { tickLabel } from '../analysis/chartFrame';
import { featureGrid, NO_SCORE_FILL, prepareFeatureMap } from './featureMapModel';
import { apiFetch } from '../ui/apiFetch';
import { Legend, Swatch } from '../ui/Legend';

export function FeatureMapPanel({
  runId,
  snapshot,
  island,
  config,
  scoreMetric,
}: {
  runId: string;
  snapshot: SnapshotResponse;
  island: number | null;
  config: SearchStateResponse['config'];
  scoreMetric: string | null;
}) {
  const isl = snapshot.islands.find((i) => i.island === island);
  const points = useQuery({
    queryKey: ['points', runId, scoreMetric],
    queryFn: ({ signal }) => apiFetch(pointsUrl(runId, scoreMetric!), { schema: pointsSchema, packed: true, signal }),
    enabled: scoreMetric !== null && !!isl?.featureMap,
    staleTime: Infinity,
  });
  const scoreById = useMemo(() => {
    const m = new Map<string, number>();
    const d = points.data;
    if (d) for (let i = 0; i < d.count; i++) if (d.valid[i] && d.value[i] !== null) m.set(d.id[i], d.value[i]!);
    return m;
  }, [points.data]);
  if (!isl?.featureMap || !Object.keys(isl.featureMap).length) return null;
  const g = featureGrid(isl.featureMap);
  const scoreOf = (program: string) => scoreById.get(snapshot.programIds[program] ?? '') ?? null;
  const f = g.twoD ? prepareFeatureMap(g, config, scoreOf) : null;
  const { plot } = f ?? { plot: null };
  return (
    <section aria-labelledby="fmap-h" data-testid="feature-map" data-cells={g.cells.length}>
      <h2 id="fmap-h">MAP-Elites grid of island {island}</h2>
      {f && plot ? (
        <div className="feature-map">
          <svg width={f.width} height={f.height} role="img" aria-label={`${g.cells.length} occupied cells of a ${f.x.bins} by ${f.y.bins} grid of ${f.x.name} and ${f.y.name}`}>
            <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} fill="#f6f7f8" stroke="#d4d5d9" />
            {f.cells.map((c) => (
              <rect key={c.key} data-testid="feature-cell" x={c.x + 0.5} y={c.y + 0.5} width={f.cell - 1} height={f.cell - 1} fill={c.fill}>
                <title>{`${f.x.name} bin ${c.key.split('-')[0]}, ${f.y.name} bin ${c.key.split('-')[1]}: ${c.program}${c.score !== null ? `, ${scoreMetric} ${tickLabel(c.score)}` : ''}`}</title>
              </rect>
            ))}
            <g aria-hidden="true" fontSize={11} fill="#62666d">
              {f.x.ticks.map((t) => (
                <text key={`x${t.label}`} data-testid="feature-x-tick" x={t.pos} y={plot.bottom + 14} textAnchor="middle">
                  {t.label}
                </text>
              ))}
              {f.y.ticks.map((t) => (
                <text key={`y${t.label}`} data-testid="feature-y-tick" x={plot.left - 6} y={t.pos + 4} textAnchor="end">
                  {t.label}
                </text>
              ))}
              <text data-testid="feature-x-name" x={(plot.left + plot.right) / 2} y={plot.bottom + 34} textAnchor="middle" fontSize={12}>
                {f.x.name} (bin of {f.x.bins})
              </text>
              <text data-testid="feature-y-name" transform={`translate(14 ${(plot.top + plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>
                {f.y.name} (bin of {f.y.bins})
              </text>
            </g>
          </svg>
          <Legend
            testId="feature-legend"
            items={[
              f.legend
                ? {
                    key: 'scale',
                    label: (
                      <>
                        {scoreMetric} of the cell&apos;s elite: {tickLabel(f.legend.min)}{' '}
                        <Swatch shape="ramp" stops={f.legend.stops.map((s) => `${s.colour} ${s.offset * 100}%`)} />
                        {tickLabel(f.legend.max)}
                      </>
                    ),
                    shape: 'none',
                  }
                : { key: 'scale', label: points.isLoading ? 'Loading scores…' : 'No scores for these programs.', shape: 'none' },
              { label: 'elite without a score', color: NO_SCORE_FILL },
              { label: 'empty: no program in that bin pair', shape: 'none' },
            ]}
          />
        </div>
      ) : (
        <p>Cells are not two-dimensional; listed instead.</p>
      )}
      <details>
        <summary>Cells ({g.cells.length})</summary>
        <ul>
          {g.cells.map((c) => (
            <li key={c.key}>
              {c.key}: {c.program}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

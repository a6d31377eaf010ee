'use client';
// PLACEHOLDER for h13-aux's components/diagnoses/AuxTrendChart.tsx (same props): until that
// chart is merged, shows what GET .../diagnoses/:id/aux returns as a table (each metric's
// programs with a value, and the trivial metric test), or that no values are stored yet. The lead
// swaps the import in AuxSection.tsx for the real chart and deletes this file.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJson } from '../ui/fetchJson';

export interface AuxTrendChartProps {
  runId: string;
  diagnosisId: string;
  /** Changes when an aux run finished, so the chart reloads. */
  refreshKey?: string | number;
}

const auxSchema = z.object({
  metricNames: z.array(z.string()),
  points: z.array(z.object({ status: z.string(), values: z.record(z.string(), z.number()).nullable() }).passthrough()),
});

export function AuxTrendChartPlaceholder({ runId, diagnosisId, refreshKey }: AuxTrendChartProps) {
  const q = useQuery({
    queryKey: ['diagnosis-aux', runId, diagnosisId, refreshKey ?? 0],
    queryFn: ({ signal }) => fetchJson(`/api/runs/${runId}/diagnoses/${diagnosisId}/aux`, auxSchema, signal),
    retry: false,
  });
  if (q.isPending) return <p className="muted">Loading the auxiliary metric values…</p>;
  if (q.isError) return <p className="muted" data-testid="aux-trend-placeholder">No auxiliary metric values to chart ({(q.error as Error).message}).</p>;
  const { metricNames, points } = q.data;
  if (!points.length) return <p className="muted" data-testid="aux-trend-placeholder">No program has been run through this script yet.</p>;
  return (
    <table className="data" aria-label="Auxiliary metric values" data-testid="aux-trend-placeholder">
      <thead>
        <tr><th scope="col">metric</th><th scope="col" className="num">programs with a value</th></tr>
      </thead>
      <tbody>
        {metricNames.map((m) => (
          <tr key={m}><th scope="row" className="mono">{m}</th><td className="num">{points.filter((p) => p.values && m in p.values).length} / {points.length}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

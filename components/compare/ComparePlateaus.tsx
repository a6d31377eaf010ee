'use client';
// Plateaus of each compared run's best-so-far (GET /api/runs/:id/plateaus, the metric its curve
// follows): how many, the longest, and the share of the run's budget spent on them. K is one for
// all runs, kept in the URL as ?k=.
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { summarisePlateaus } from '@/lib/analysis/plateaus';
import { plateausResponseSchema } from '@/lib/contracts/api/plateaus';
import { DEFAULT_PLATEAU_K } from '@/lib/trace/diagnosis';
import { PlateauKInput } from '../chart/PlateauKInput';
import { describePlateau } from '../chart/plateauModel';
import { formatCost } from '../run/costFormat';
import { formatShare } from '../ui/format';
import { apiFetch } from '../ui/apiFetch';
import { Table } from '../ui/Table';

export function ComparePlateaus({ runs, initialK }: { runs: { runId: string; name: string; metric: string }[]; initialK?: number }) {
  const [k, setKState] = useState(initialK ?? DEFAULT_PLATEAU_K);
  const setK = (v: number) => {
    setKState(v);
    const q = new URLSearchParams(window.location.search);
    if (v === DEFAULT_PLATEAU_K) q.delete('k');
    else q.set('k', String(v));
    window.history.replaceState(null, '', `${window.location.pathname}?${q.toString()}`);
  };
  const results = useQueries({
    queries: runs.map((r) => ({
      queryKey: ['plateaus', r.runId, r.metric, k],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(`/api/runs/${r.runId}/plateaus?k=${k}&metric=${encodeURIComponent(r.metric)}`, { schema: plateausResponseSchema, packed: true, signal }),
      placeholderData: <T,>(prev: T) => prev,
    })),
  });
  const ready = results.every((q) => q.data && q.data.k === k);
  return (
    <div data-testid="compare-plateaus" data-state={ready ? 'ready' : 'loading'}>
      <div className="chart-toolbar">
        <PlateauKInput k={k} onK={setK} testId="compare-plateau-k" />
        <span className="muted">no strict improvement of the run’s best-so-far in K or more generations (iterations where generations do not order time)</span>
      </div>
      <Table
        label={`Plateaus per run (K = ${k})`}
        rows={runs.map((r, i) => {
          const d = results[i].data;
          const s = d ? summarisePlateaus(d) : null;
          const longest = d && s?.longest != null ? d.plateaus.find((p) => p.length === s.longest)! : null;
          const cost = d ? d.plateaus.reduce((t, p) => t + (p.cost ?? 0), 0) : null;
          return { r, d, s, longest, cost, failed: results[i].isError };
        })}
        rowKey={(x) => x.r.runId}
        rowProps={(x) => ({ 'data-testid': 'compare-plateau-row', 'data-run': x.r.runId })}
        columns={[
          { key: 'run', header: 'Run', className: 'wrap', cell: (x) => x.r.name },
          { key: 'plateaus', header: 'Plateaus', numeric: true, td: () => ({ 'data-testid': 'compare-plateau-count' }), cell: ({ s, failed }) => (s ? s.count : failed ? 'error' : '…') },
          {
            key: 'longest',
            header: 'Longest',
            numeric: true,
            td: ({ longest, d }) => ({ title: longest && d ? describePlateau(longest, d.axis) : undefined }),
            cell: ({ longest, d, s }) => (longest && d ? `${longest.length} (${longest.startGeneration}–${longest.endGeneration})` : s ? '—' : '…'),
          },
          {
            key: 'programs',
            header: 'Programs on plateaus',
            numeric: true,
            th: { title: 'Programs evaluated inside plateaus / all programs' },
            cell: ({ s }) => (s ? formatShare(s.programShare) : '…'),
          },
          {
            key: 'cost',
            header: 'Cost on plateaus',
            numeric: true,
            th: { title: "LLM cost inside plateaus / the run's cost (stored prompts)" },
            cell: ({ s, cost }) => (s && s.costShare !== null ? `${formatShare(s.costShare)} (${formatCost(cost)})` : s ? '—' : '…'),
          },
          { key: 'ends', header: 'Ends on a plateau', cell: ({ s }) => (s ? (s.endsOnPlateau ? 'yes' : 'no') : '…') },
        ]}
      />
    </div>
  );
}

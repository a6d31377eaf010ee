'use client';
// Plateaus of each compared run's best-so-far (GET /api/runs/:id/plateaus, the metric its curve
// follows): how many, the longest, and the share of the run's budget spent on them. K is one for
// all runs, kept in the URL as ?k=.
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { summarisePlateaus } from '@/lib/analysis/plateaus';
import { plateausResponseSchema } from '@/lib/api/plateaus';
import { DEFAULT_PLATEAU_K } from '@/lib/diagnosis/types';
import { PlateauKInput } from '../chart/PlateauKInput';
import { describePlateau } from '../chart/plateauModel';
import { formatCost } from '../run/costFormat';
import { formatShare } from '../ui/format';
import { apiFetch } from '../ui/apiFetch';

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
      <div className="table-wrap">
        <table className="data" aria-label={`Plateaus per run (K = ${k})`}>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col" className="num">Plateaus</th>
              <th scope="col" className="num">Longest</th>
              <th scope="col" className="num" title="Programs evaluated inside plateaus / all programs">Programs on plateaus</th>
              <th scope="col" className="num" title="LLM cost inside plateaus / the run's cost (stored prompts)">Cost on plateaus</th>
              <th scope="col">Ends on a plateau</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r, i) => {
              const d = results[i].data;
              const s = d ? summarisePlateaus(d) : null;
              const longest = d && s?.longest != null ? d.plateaus.find((p) => p.length === s.longest)! : null;
              const cost = d ? d.plateaus.reduce((t, p) => t + (p.cost ?? 0), 0) : null;
              return (
                <tr key={r.runId} data-testid="compare-plateau-row" data-run={r.runId}>
                  <td className="wrap">{r.name}</td>
                  <td className="num" data-testid="compare-plateau-count">{s ? s.count : results[i].isError ? 'error' : '…'}</td>
                  <td className="num" title={longest && d ? describePlateau(longest, d.axis) : undefined}>
                    {longest && d ? `${longest.length} (${longest.startGeneration}–${longest.endGeneration})` : s ? '—' : '…'}
                  </td>
                  <td className="num">{s ? formatShare(s.programShare) : '…'}</td>
                  <td className="num">{s && s.costShare !== null ? `${formatShare(s.costShare)} (${formatCost(cost)})` : s ? '—' : '…'}</td>
                  <td>{s ? (s.endsOnPlateau ? 'yes' : 'no') : '…'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

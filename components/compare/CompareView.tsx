'use client';
// The compare page's body: for the runs in the URL, best-so-far curves on normalised
// iterations, recycled share and composition side by side, and a table of headline figures.
import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { cyclingResponseSchema, isPending, pendingOr, type CyclingResponse } from '@/lib/contracts/api/analyses';
import { bestSoFarResponseSchema, type BestSoFar } from '@/lib/contracts/api/points';
import { runDetailSchema, type RunDetail } from '@/lib/contracts/api/runs';
import { runLabels } from '@/lib/contracts/runOrigin';
import { costAt, curveTotal, type CostCurve } from '@/lib/analysis/costCurve';
import type { CyclingScope } from '@/lib/contracts/analysisTypes';
import { costCurveSchema } from '@/lib/contracts/api/costCurve';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { CompareBars } from './CompareBars';
import { CompareCurves, type RunMetricChoice } from './CompareCurves';
import { ComparePlateaus } from './ComparePlateaus';
import type { CurveInput } from './compareModel';
import { Table } from '../ui/Table';

const poll = (data: unknown) => (isPending(data) ? 2000 : false);

export function CompareView({ runIds, scope, initialK }: { runIds: string[]; scope: CyclingScope; initialK?: number }) {
  const runs = useQueries({
    queries: runIds.map((id) => ({
      queryKey: ['run', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch(`/api/runs/${id}`, { schema: runDetailSchema, signal }),
    })),
  });
  // The metric each run's curve follows; absent: the run's score metric.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const bests = useQueries({
    queries: runIds.map((id) => {
      const metric = chosen[id];
      return {
        queryKey: ['best-so-far', id, metric ?? '(primary)'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiFetch(`/api/runs/${id}/best-so-far${metric ? `?metric=${encodeURIComponent(metric)}` : ''}`, { schema: bestSoFarResponseSchema, packed: true, signal }),
        refetchInterval: (q: { state: { data: unknown } }) => poll(q.state.data),
      };
    }),
  });
  // Small: one number per priced program or counter sample; fetched with the rest so the x-axis
  // toggle answers at once.
  const costs = useQueries({
    queries: runIds.map((id) => ({
      queryKey: ['cost-curve', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch(`/api/runs/${id}/cost-curve`, { schema: costCurveSchema, packed: true, signal }),
    })),
  });
  const cycs = useQueries({
    queries: runIds.map((id) => {
      const url = `/api/runs/${id}/cycling?definitions=default&scope=${scope}`;
      return {
        queryKey: ['report', url],
        queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch(url, { schema: pendingOr(cyclingResponseSchema), packed: true, signal }),
        refetchInterval: (q: { state: { data: unknown } }) => poll(q.state.data),
      };
    }),
  });

  const rows = runIds.map((id, i) => {
    const run: RunDetail | undefined = runs[i].data;
    const b = bests[i].data;
    const c = cycs[i].data;
    return {
      id,
      run,
      error: runs[i].error?.message ?? null,
      best: b && !('pending' in b) ? (b as BestSoFar) : null,
      cycling: c && !isPending(c) ? (c as CyclingResponse) : null,
      costCurve: (costs[i].data ?? null) as CostCurve | null,
    };
  });
  // Two runs of one name (the same data imported twice) are labelled apart in every chart and table.
  const labels = runLabels(rows.flatMap((r) => (r.run ? [r.run] : [])));
  const name = (r: (typeof rows)[number]) => labels.get(r.id) ?? r.run?.name ?? r.id.slice(0, 8);
  const missing = rows.filter((r) => r.error && !r.run);
  // A run that failed to load (deleted, never existed) does not hold the others back.
  const readyCurves = rows.every((r) => (r.run && r.best) || (r.error && !r.run));
  // A handful of runs: preparing the curves on every render costs nothing worth memoising.
  const inputs: CurveInput[] = rows
    .filter((r) => r.best)
    .map((r) => {
      const total = r.costCurve ? curveTotal(r.costCurve) : null;
      const cost = r.costCurve && total != null ? { at: r.best!.points.map((p) => costAt(r.costCurve!, p) ?? 0), total } : null;
      return { runId: r.id, name: name(r), metric: r.best!.metric, points: r.best!.points, lastIteration: r.best!.lastIteration, cost, costBasis: r.costCurve?.basis ?? null };
    });
  const choices: RunMetricChoice[] = rows
    .filter((r) => r.run)
    .map((r) => {
      const metric = chosen[r.id] ?? r.run!.scoreMetric ?? r.run!.metricKeys[0] ?? 'score';
      const options = r.run!.metricKeys.length ? r.run!.metricKeys : [metric];
      return { runId: r.id, name: name(r), metric, scoreMetric: r.run!.scoreMetric, options };
    });

  if (runIds.length === 0) return <p className="panel">Pick two or more runs above to compare them.</p>;
  return (
    <section data-testid="compare-view" data-state={readyCurves ? 'ready' : 'loading'}>
      {missing.length > 0 && (
        <p role="alert" className="error" data-testid="compare-missing">
          Left out, could not be loaded: {missing.map((r) => `${r.id} (${r.error})`).join('; ')}.
        </p>
      )}
      <h2>Best-so-far</h2>
      {rows.some((r) => r.run && !r.best) && (
        <p className="muted" role="status">
          computing best-so-far of {rows.filter((r) => r.run && !r.best).map(name).join(', ')}…
        </p>
      )}
      <CompareCurves
        inputs={inputs}
        definition={rows.find((r) => r.best)?.best?.definition ?? null}
        choices={choices}
        onMetric={(runId, metric) => setChosen((c) => ({ ...c, [runId]: metric }))}
      />

      <h2>Plateaus</h2>
      <ComparePlateaus runs={choices} initialK={initialK} />

      <h2>Recycled share and edit composition</h2>
      <CompareBars
        rows={rows.map((r) => ({ runId: r.id, name: name(r), recycledShare: r.cycling?.summary.recycledShare ?? null, composition: r.cycling?.summary.composition ?? null }))}
        definitionText={rows.find((r) => r.cycling)?.cycling?.definitionText ?? null}
      />

      <h2>Headline figures</h2>
      <Table
        label="Compared runs"
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ 'data-testid': 'compare-row' })}
        columns={[
          {
            key: 'run',
            header: 'Run',
            className: 'wrap',
            cell: (r) => (r.run ? <Link href={`/runs/${r.id}`}>{name(r)}</Link> : <span className={r.error ? 'error' : 'muted'}>{r.error ?? 'loading…'}</span>),
          },
          { key: 'framework', header: 'Framework', cell: (r) => r.run?.framework ?? '—' },
          { key: 'programs', header: 'Programs', numeric: true, cell: (r) => formatCount(r.run?.programCount) },
          { key: 'invalid', header: 'Invalid', numeric: true, cell: (r) => formatCount(r.run?.invalidCount) },
          {
            key: 'best',
            header: 'Best',
            numeric: true,
            td: (r) => ({ title: r.run?.scoreMetric ?? undefined }),
            cell: (r) => (
              <>
                {formatScore(r.run?.bestScore)}
                {r.run && !r.run.higherIsBetter && <span className="muted"> (min)</span>}
              </>
            ),
          },
          {
            key: 'normalised',
            header: 'Normalised iteration of best',
            numeric: true,
            th: { title: 'Iteration of the final best / last iteration' },
            cell: (r) => (r.best ? formatScore(r.best.normalisedIterationOfBest) : '…'),
          },
          {
            key: 'depth',
            header: 'Lineage depth of final best',
            numeric: true,
            th: { title: 'Nodes on the first-parent chain from a root to the final best' },
            cell: (r) => (r.cycling ? (r.cycling.summary.finalBestLineageDepth ?? '—') : '…'),
          },
          {
            key: 'dead',
            header: 'Dead-branch share',
            numeric: true,
            th: { title: 'Programs that are neither the final best nor its ancestors' },
            cell: (r) => (r.cycling ? formatShare(r.cycling.summary.deadBranchShare) : '…'),
          },
          {
            key: 'recycled',
            header: 'Recycled share',
            numeric: true,
            th: { title: `Default definitions, ${scope} scope` },
            td: () => ({ 'data-testid': 'compare-recycled-share' }),
            cell: (r) => (r.cycling ? formatShare(r.cycling.summary.recycledShare) : '…'),
          },
        ]}
      />
    </section>
  );
}

'use client';
// The runs list: pages of GET /api/runs, sorted in the browser (a page holds up to 100 runs).
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { runsResponseSchema } from '@/lib/api/runs';
import { fetchJson } from '../ui/fetchJson';
import { formatCount, formatDate, formatScore, formatShare } from '../ui/format';
import { SortableHeader } from '../ui/SortableHeader';
import { nextRunSort, sortRuns, type RunSort, type RunSortKey } from './sortRuns';

const columns: { key: RunSortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'framework', label: 'Framework' },
  { key: 'task', label: 'Task' },
  { key: 'language', label: 'Language' },
  { key: 'programCount', label: 'Programs', numeric: true },
  { key: 'validShare', label: 'Valid', numeric: true },
  { key: 'bestScore', label: 'Best score', numeric: true },
  { key: 'importedAt', label: 'Imported' },
];

export function RunsTable() {
  const [sort, setSort] = useState<RunSort>({ key: 'importedAt', dir: 'desc' });
  const query = useInfiniteQuery({
    queryKey: ['runs'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchJson(`/api/runs?limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, runsResponseSchema, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s.filter((x) => x !== id), id] : s.filter((x) => x !== id)));
  const runs = useMemo(() => sortRuns(query.data?.pages.flatMap((p) => p.runs) ?? [], sort), [query.data, sort]);

  if (query.isPending) return <p className="muted" role="status">Loading runs…</p>;
  if (query.isError) return <p className="error" role="alert">Could not load runs: {query.error.message}</p>;
  if (runs.length === 0) {
    return (
      <p className="panel">
        No runs yet. Import one with <code>npm run evoscope -- import &lt;directory&gt;</code>.
      </p>
    );
  }
  return (
    <>
      <div className="pager">
        {selected.length > 0 ? (
          <Link href={`/compare?runs=${selected.join(',')}`} className="button-link" data-testid="compare-selected">
            Compare selected ({selected.length})
          </Link>
        ) : (
          <span className="muted">Tick runs to compare them side by side.</span>
        )}
      </div>
      <div className="table-wrap">
        <table className="data" aria-label="Runs">
          <thead>
            <tr>
              {columns.map((c) => (
                <SortableHeader
                  key={c.key}
                  label={c.label}
                  numeric={c.numeric}
                  active={sort.key === c.key}
                  direction={sort.dir === 'asc' ? 'ascending' : 'descending'}
                  onSort={() => setSort((s) => nextRunSort(s, c.key))}
                />
              ))}
              <th scope="col">Compare</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id} data-testid="run-row">
                <td className="wrap">
                  <Link href={`/runs/${r.id}`}>{r.name}</Link>
                </td>
                <td>{r.framework}</td>
                <td className="wrap">{r.task ?? '—'}</td>
                <td>{r.language ?? '—'}</td>
                <td className="num">{formatCount(r.programCount)}</td>
                <td className="num">{formatShare(r.validShare)}</td>
                <td className="num" title={r.scoreMetric ?? undefined}>
                  {formatScore(r.bestScore)}
                </td>
                <td>{formatDate(r.importedAt)}</td>
                <td>
                  <input type="checkbox" aria-label={`Select ${r.name} for comparison`} checked={selected.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <div className="pager">
          <button type="button" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more runs'}
          </button>
          <span className="muted">Sorting applies to the runs loaded so far.</span>
        </div>
      )}
    </>
  );
}

'use client';
// The runs list: pages of GET /api/runs (searched and filtered by the server, in SQL), sorted in
// the browser within the pages loaded, runs imported together shown under their import with a
// compare-all link, and per-run rename, tags and delete.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { runsResponseSchema, type ImportGroup, type RunSummary } from '@/lib/api/runs';
import { apiFetch } from '../ui/apiFetch';
import { SortableHeader } from '../ui/SortableHeader';
import { DeleteRunDialog } from './DeleteRunDialog';
import { compareHref, groupRuns } from './groupRuns';
import { RunRow } from './RunRow';
import { RunsFilters, type RunsFilterState } from './RunsFilters';
import { runsViewFromParams, runsViewQuery } from './runsView';
import { useUrlView } from '../ui/useUrlView';
import { nextRunSort, sortRuns, type RunSort, type RunSortKey } from './sortRuns';

const columns: { key: RunSortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'framework', label: 'Framework' },
  { key: 'task', label: 'Task' },
  { key: 'language', label: 'Language' },
  { key: 'programCount', label: 'Programs', numeric: true },
  { key: 'validShare', label: 'Valid', numeric: true },
  { key: 'bestScore', label: 'Best score (metric)', numeric: true },
  { key: 'costTotal', label: 'Cost', numeric: true },
  { key: 'totalTokens', label: 'Tokens', numeric: true },
  { key: 'importedAt', label: 'Imported' },
];
const SEARCH_DELAY_MS = 250;

function queryString(f: RunsFilterState) {
  const p = new URLSearchParams({ limit: '100' });
  for (const [k, v] of Object.entries(f)) if (v.trim()) p.set(k, v.trim());
  return p.toString();
}

export function RunsTable() {
  // Search, filters and sort live in the URL (runsView.ts): reload, Back and a shared link keep them.
  const [view, setView] = useUrlView(runsViewFromParams, runsViewQuery);
  const sort = view.sort;
  const setSort = (next: (s: RunSort) => RunSort) => setView((v) => ({ ...v, sort: next(v.sort) }));
  // Typing waits for a pause before the URL (and so the server) sees it; menus apply at once.
  const [typed, setTyped] = useState(view.filter.q);
  const applied = view.filter;
  const filter = { ...applied, q: typed };
  const setFilter = (f: RunsFilterState) => {
    setTyped(f.q);
    setView((v) => ({ ...v, filter: { ...f, q: v.filter.q } }));
  };
  const written = useRef(applied.q);
  useEffect(() => {
    // The URL's search changed from outside (Back, a link): the box follows it.
    if (applied.q !== written.current) setTyped((written.current = applied.q));
  }, [applied.q]);
  useEffect(() => {
    if (typed === written.current) return;
    const t = setTimeout(() => {
      written.current = typed;
      setView((v) => ({ ...v, filter: { ...v.filter, q: typed } }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const qs = queryString(applied);
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: ['runs', qs],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/runs?${qs}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { schema: runsResponseSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (prev) => prev,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<RunSummary | null>(null);
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s.filter((x) => x !== id), id] : s.filter((x) => x !== id)));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['runs'] });
    void client.invalidateQueries({ queryKey: ['run-facets'] });
  };
  const items = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const groups = new Map<string, ImportGroup>(pages.flatMap((p) => p.groups).map((g) => [g.id, g]));
    return groupRuns(sortRuns(pages.flatMap((p) => p.runs), sort), [...groups.values()]);
  }, [query.data, sort]);
  const filtered = Object.values(applied).some((v) => v.trim());

  if (query.isPending) return <p className="muted" role="status">Loading runs…</p>;
  if (query.isError) return <p className="error" role="alert">Could not load runs: {query.error.message}</p>;
  if (items.length === 0 && !filtered && !filter.q) {
    return (
      <p className="panel">
        No runs yet. Import one with <code>npm run evoscope -- import &lt;directory&gt;</code>.
      </p>
    );
  }
  const row = (r: RunSummary, inGroup = false) => (
    <RunRow
      key={r.id}
      run={r}
      inGroup={inGroup}
      selected={selected.includes(r.id)}
      onSelect={(on) => toggle(r.id, on)}
      onChanged={refresh}
      onDelete={() => setDeleting(r)}
    />
  );
  return (
    <>
      <RunsFilters value={filter} onChange={setFilter} />
      <div className="pager">
        {selected.length > 0 ? (
          <Link href={compareHref(selected)} className="button-link" data-testid="compare-selected">
            Compare selected ({selected.length})
          </Link>
        ) : (
          <span className="muted">Tick runs to compare them side by side.</span>
        )}
      </div>
      <div className="table-wrap">
        <table className="data runs-table" aria-label="Runs" aria-busy={query.isFetching}>
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
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={columns.length + 2} className="muted" role="status">
                  No run matches these filters.
                </td>
              </tr>
            )}
            {items.map((item) => {
              if (item.kind === 'run') return row(item.run);
              const { group, runs } = item;
              const open = !collapsed.includes(group.id);
              return (
                <Fragment key={group.id}>
                  <tr className="import-group" data-testid="import-group">
                    <th scope="rowgroup" colSpan={columns.length + 2}>
                      <div className="row">
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-label={`${open ? 'Collapse' : 'Expand'} import ${group.sourceName}`}
                          onClick={() => setCollapsed((c) => (open ? [...c, group.id] : c.filter((x) => x !== group.id)))}
                        >
                          {open ? '▾' : '▸'}
                        </button>
                        <span>
                          Imported together: <strong>{group.sourceName}</strong>{' '}
                          <span className="muted">
                            ({group.runIds.length} runs{runs.length < group.runIds.length ? `, ${runs.length} shown` : ''})
                          </span>
                        </span>
                        <Link href={compareHref(group.runIds)} className="button-link" data-testid="compare-import">
                          Compare all {group.runIds.length}
                        </Link>
                      </div>
                    </th>
                  </tr>
                  {open && runs.map((r) => row(r, true))}
                </Fragment>
              );
            })}
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
      {deleting && (
        <DeleteRunDialog
          run={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setSelected((s) => s.filter((x) => x !== deleting.id));
            setDeleting(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

'use client';
// The runs list: pages of GET /api/runs (searched and filtered by the server, in SQL), sorted in
// the browser within the pages loaded, runs imported together shown under their import with a
// compare-all link, and per-run rename, tags and delete.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { runsResponseSchema, type ImportGroup, type RunSummary } from '@/lib/contracts/api/runs';
import { apiFetch } from '../ui/apiFetch';
import { Table, type Column } from '../ui/Table';
import { DeleteRunDialog } from './DeleteRunDialog';
import { compareHref, groupRuns } from './groupRuns';
import { RunRow } from './RunRow';
import { RunsFilters, type RunsFilterState } from './RunsFilters';
import { runsViewFromParams, runsViewQuery } from './runsView';
import { useUrlView } from '../ui/useUrlView';
import { nextRunSort, sortRuns, type RunSort, type RunSortKey } from './sortRuns';

// Headers and sort only: RunRow draws a run's cells (with its rename and tag editors).
const columns: Column<Item>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'framework', header: 'Framework', sortable: true },
  { key: 'task', header: 'Task', sortable: true },
  { key: 'language', header: 'Language', sortable: true },
  { key: 'programCount', header: 'Programs', numeric: true, sortable: true },
  { key: 'validShare', header: 'Valid', numeric: true, sortable: true },
  { key: 'bestScore', header: 'Best score (metric)', numeric: true, sortable: true },
  { key: 'costTotal', header: 'Cost', numeric: true, sortable: true },
  { key: 'totalTokens', header: 'Tokens', numeric: true, sortable: true },
  { key: 'importedAt', header: 'Imported', sortable: true },
  { key: 'compare', header: 'Compare' },
  { key: 'actions', header: 'Actions' },
];
type Item = { kind: 'run'; run: RunSummary; inGroup: boolean } | { kind: 'group'; group: ImportGroup; runs: RunSummary[]; open: boolean };
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
  // Runs imported together sit under their import's row (collapsible); the others on their own.
  const rows: Item[] = items.flatMap((item): Item[] => {
    if (item.kind === 'run') return [{ kind: 'run', run: item.run, inGroup: false }];
    const open = !collapsed.includes(item.group.id);
    return [{ kind: 'group', group: item.group, runs: item.runs, open }, ...(open ? item.runs.map((run) => ({ kind: 'run' as const, run, inGroup: true })) : [])];
  });
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
      <Table
        label="Runs"
        className="runs-table"
        tableProps={{ 'aria-busy': query.isFetching }}
        columns={columns}
        rows={rows}
        rowKey={(x) => (x.kind === 'group' ? `import-${x.group.id}` : x.run.id)}
        sort={sort}
        onSortChange={(next) => setSort((s) => nextRunSort(s, next.key as RunSortKey))}
        keyboard
        empty={<span role="status">No run matches these filters.</span>}
        renderRow={(x, _i, attrs) =>
          x.kind === 'run' ? (
            <RunRow
              attrs={attrs}
              run={x.run}
              inGroup={x.inGroup}
              selected={selected.includes(x.run.id)}
              onSelect={(on) => toggle(x.run.id, on)}
              onChanged={refresh}
              onDelete={() => setDeleting(x.run)}
            />
          ) : (
            <tr className="import-group" data-testid="import-group">
              <th scope="rowgroup" colSpan={columns.length}>
                <div className="row">
                  <button
                    type="button"
                    aria-expanded={x.open}
                    aria-label={`${x.open ? 'Collapse' : 'Expand'} import ${x.group.sourceName}`}
                    onClick={() => setCollapsed((c) => (x.open ? [...c, x.group.id] : c.filter((id) => id !== x.group.id)))}
                  >
                    {x.open ? '▾' : '▸'}
                  </button>
                  <span>
                    Imported together: <strong>{x.group.sourceName}</strong>{' '}
                    <span className="muted">
                      ({x.group.runIds.length} runs{x.runs.length < x.group.runIds.length ? `, ${x.runs.length} shown` : ''})
                    </span>
                  </span>
                  <Link href={compareHref(x.group.runIds)} className="button-link" data-testid="compare-import">
                    Compare all {x.group.runIds.length}
                  </Link>
                </div>
              </th>
            </tr>
          )
        }
      />
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

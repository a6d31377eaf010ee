'use client';
// The run's programs, a page at a time from GET /api/runs/[runId]/programs, sorted by the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId } from 'react';
import { PROGRAMS_FIRST_PAGE, programSortSchema, programsPageSchema, programsUrl, type ProgramSort, type ProgramSortKey } from '@/lib/contracts/api/programs';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore, shortId } from '../ui/format';
import { ProgramStatusTag } from '../ui/ProgramStatusTag';
import { Table } from '../ui/Table';
import { useUrlParam } from '../ui/useUrlParam';

const PAGE_SIZES = [50, 100, 250, 500];

function nextSort(current: ProgramSort, key: ProgramSortKey, higherIsBetter: boolean): ProgramSort {
  const desc = current.startsWith('-');
  const active = (desc ? current.slice(1) : current) === key;
  if (active) return (desc ? key : `-${key}`) as ProgramSort;
  return key === 'score' && higherIsBetter ? `-${key}` : key;
}

export function ProgramsTable({ runId, scoreMetric, higherIsBetter }: { runId: string; scoreMetric: string | null; higherIsBetter: boolean }) {
  // The first page is the one the overview preloads with its HTML (app/runs/[runId]/page.tsx).
  // Sort, page and page size are in the URL (?programs=<sort>&from=<offset>&size=<n>), so the
  // overview comes back on the same page of programs after Back, a reload or a shared link.
  const [sort, setSort] = useUrlParam<ProgramSort>('programs', (v) => programSortSchema.safeParse(v).success, PROGRAMS_FIRST_PAGE.sort);
  const [offsetParam, setOffsetParam] = useUrlParam<string>('from', (v) => /^\d{1,9}$/.test(v), String(PROGRAMS_FIRST_PAGE.offset));
  const [limitParam, setLimitParam] = useUrlParam<string>('size', (v) => PAGE_SIZES.includes(Number(v)), String(PROGRAMS_FIRST_PAGE.limit));
  const offset = Number(offsetParam);
  const limit = Number(limitParam);
  const setOffset = (n: number) => setOffsetParam(String(n));
  const setLimit = (n: number) => setLimitParam(String(n));
  const sizeId = useId();
  const query = useQuery({
    queryKey: ['programs', runId, sort, offset, limit],
    queryFn: ({ signal }) =>
      apiFetch(programsUrl(runId, { sort, offset, limit }), { schema: programsPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <p className="muted" role="status">Loading programs…</p>;
  if (query.isError) return <p className="error" role="alert">Could not load programs: {query.error.message}</p>;
  const page = query.data;
  const base = `/runs/${runId}/programs`;
  return (
    <>
      <Table
        label="Programs"
        tableProps={{ 'aria-busy': query.isFetching }}
        rows={page.programs}
        rowKey={(p) => p.id}
        rowProps={() => ({ 'data-testid': 'program-row' })}
        keyboard
        sort={{ key: sort.startsWith('-') ? sort.slice(1) : sort, dir: sort.startsWith('-') ? 'desc' : 'asc' }}
        onSortChange={(next) => {
          setSort(nextSort(sort, next.key as ProgramSortKey, higherIsBetter));
          setOffset(0);
        }}
        columns={[
          { key: 'seq', header: '#', numeric: true, sortable: true, cell: (p) => p.seq },
          { key: 'iteration', header: 'Iteration', numeric: true, sortable: true, cell: (p) => p.iteration ?? '—' },
          {
            key: 'program',
            header: 'Program',
            className: 'mono',
            cell: (p) => (
              <>
                <Link href={`${base}/${p.id}`} prefetch={false} title={p.externalId} data-testid="program-link">
                  {shortId(p.externalId, 18)}
                </Link>
                {p.isMigrant && <span className="tag" title="island-migrant copy"> migrant</span>}
              </>
            ),
          },
          { key: 'island', header: 'Island', numeric: true, sortable: true, cell: (p) => p.island ?? '—' },
          { key: 'score', header: scoreMetric ? `Score (${scoreMetric})` : 'Score', numeric: true, sortable: true, cell: (p) => formatScore(p.score) },
          { key: 'valid', header: 'Valid', sortable: true, cell: (p) => <ProgramStatusTag valid={p.valid} evaluated={p.evaluated} rejected={p.rejected} /> },
          {
            key: 'parent',
            header: 'Parent',
            className: 'mono',
            cell: (p) => (
              <>
                {!p.parent ? (
                  <span className="muted">seed</span>
                ) : p.parent.id ? (
                  <Link href={`${base}/${p.parent.id}`} prefetch={false} title={p.parent.externalId} data-testid="parent-link">
                    {shortId(p.parent.externalId, 18)}
                  </Link>
                ) : (
                  <span className="muted" title={`${p.parent.externalId}: not in archive`}>
                    {shortId(p.parent.externalId, 12)} (not in archive)
                  </span>
                )}
                {p.parentCount > 1 && <span className="muted"> +{p.parentCount - 1}</span>}
              </>
            ),
          },
        ]}
      />
      <nav className="pager" aria-label="Programs pages">
        <button type="button" onClick={() => setOffset(Math.max(0, offset - limit))} disabled={offset === 0}>
          ← Previous
        </button>
        <button type="button" onClick={() => page.nextOffset !== null && setOffset(page.nextOffset)} disabled={page.nextOffset === null}>
          Next →
        </button>
        <span className="muted" aria-live="polite">
          {page.total === 0
            ? 'No programs'
            : `${formatCount(offset + 1)}–${formatCount(offset + page.programs.length)} of ${formatCount(page.total)}`}
        </span>
        <label htmlFor={sizeId} className="muted">
          per page
        </label>
        <select
          id={sizeId}
          value={limit}
          onChange={(e) => {
            setLimit(Number(e.target.value));
            setOffset(0);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </nav>
    </>
  );
}

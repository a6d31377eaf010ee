'use client';
// The cycling report's edits, one server page at a time (GET .../cycling/edits), sortable in
// the browser within the page. Links open the programs and the child's diff against its parent.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, type ReactNode } from 'react';
import { editsPageSchema, isPending, pendingOr, type EditRow } from '@/lib/contracts/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { COMPOSITION_LABELS } from '../analysis/colours';
import { formatCount, shortId } from '../ui/format';
import { editDiffHref } from './diffHref';
import { EDIT_COLUMNS, editSortParam, nextEditSort, parseEditSort, sortEdits, type EditSort, type EditSortKey } from './editsTableModel';
import { useUrlParam } from '../ui/useUrlParam';
import { apiFetch } from '../ui/apiFetch';
import { Table, type Column } from '../ui/Table';

export const EDITS_PAGE_SIZE = 50;

export function EditsTable({ runId, definitions, scope }: { runId: string; definitions: Definitions; scope: CyclingScope }) {
  const router = useRouter();
  // The page and the sort are in the URL (?edits=<offset>&sort=<-key>): Back from a diff returns here.
  const [offsetParam, setOffsetParam] = useUrlParam<string>('edits', (v) => /^\d{1,9}$/.test(v), '0');
  const offset = Number(offsetParam);
  const setOffset = (next: number) => setOffsetParam(String(next));
  const [sortParam, setSortParam] = useUrlParam<string>('sort', (v) => parseEditSort(v) !== null, '');
  const sort = parseEditSort(sortParam);
  const setSort = (next: (s: EditSort | null) => EditSort | null) => setSortParam(editSortParam(next(sort)));
  const q = useQuery({
    queryKey: ['cycling-edits', runId, definitions, scope, offset],
    queryFn: ({ signal }) =>
      apiFetch(`/api/runs/${runId}/cycling/edits?definitions=${definitions}&scope=${scope}&offset=${offset}&limit=${EDITS_PAGE_SIZE}`, { schema: pendingOr(editsPageSchema), packed: true, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isPending(query.state.data) ? 2000 : false),
  });
  const page = q.data && !isPending(q.data) ? q.data : null;
  const rows = useMemo(() => (page ? sortEdits(page.edits, sort) : []), [page, sort]);

  if (q.isError) return <p className="error" role="alert">Could not load edits: {q.error.message}</p>;
  if (!page) return <p className="muted" role="status">Loading edits…</p>;
  const ids = page.programIds;
  const program = (ext: string) =>
    ids[ext] ? (
      <Link href={`/runs/${runId}/programs/${ids[ext]}`} className="mono" title={ext}>
        {shortId(ext)}
      </Link>
    ) : (
      <span className="mono" title={ext}>{shortId(ext)}</span>
    );
  const cells: Partial<Record<EditSortKey, (e: EditRow) => ReactNode>> = {
    parentId: (e) => program(e.parentId),
    childId: (e) => program(e.childId),
    iteration: (e) => e.iteration,
    added: (e) => formatCount(e.added),
    recycledAdded: (e) => formatCount(e.recycledAdded),
    removed: (e) => formatCount(e.removed),
    recycledRemoved: (e) => formatCount(e.recycledRemoved),
    bucket: (e) => (e.bucket ? COMPOSITION_LABELS[e.bucket] : <span className="muted">no code lines</span>),
  };
  const last = Math.min(page.total, offset + page.edits.length);
  return (
    <div data-testid="edits-table" data-state={q.isPlaceholderData ? 'loading' : 'ready'}>
      <Table
        label="Edits"
        rows={rows}
        rowKey={(e) => `${e.parentId}>${e.childId}`}
        rowProps={() => ({ 'data-testid': 'edit-row' })}
        sort={sort}
        onSortChange={(next) => setSort((s) => nextEditSort(s, next.key as EditSortKey))}
        onActivate={(e) => ids[e.childId] && router.push(editDiffHref(runId, ids[e.childId], definitions, scope))}
        columns={[
          ...EDIT_COLUMNS.map(
            (c): Column<EditRow> => ({
              key: c.key,
              header: c.label,
              numeric: c.numeric,
              sortable: true,
              cell: cells[c.key],
            }),
          ),
          { key: 'diff', header: 'Diff', cell: (e) => (ids[e.childId] ? <Link href={editDiffHref(runId, ids[e.childId], definitions, scope)}>diff</Link> : '—') },
        ]}
      />
      <div className="pager">
        <button type="button" onClick={() => setOffset(Math.max(0, offset - EDITS_PAGE_SIZE))} disabled={offset === 0}>
          Previous
        </button>
        <button type="button" onClick={() => page.nextOffset !== null && setOffset(page.nextOffset)} disabled={page.nextOffset === null}>
          Next
        </button>
        <span className="muted" role="status">
          {page.total ? `${formatCount(offset + 1)}–${formatCount(last)} of ${formatCount(page.total)} edits` : 'No edits'}
          {sort ? ' · sorted within this page' : ' · in processing order'}
        </span>
      </div>
    </div>
  );
}

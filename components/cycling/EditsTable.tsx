'use client';
// The cycling report's edits, one server page at a time (GET .../cycling/edits), sortable in
// the browser within the page. Links open the programs and the child's diff against its parent.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { editsPageSchema, isPending, pendingOr } from '@/lib/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/analysis/types';
import { COMPOSITION_LABELS } from '../analysis/colours';
import { formatCount, shortId } from '../ui/format';
import { SortableHeader } from '../ui/SortableHeader';
import { editDiffHref } from './diffHref';
import { EDIT_COLUMNS, nextEditSort, sortEdits, type EditSort } from './editsTableModel';
import { apiFetch } from '../ui/apiFetch';

export const EDITS_PAGE_SIZE = 50;

export function EditsTable({ runId, definitions, scope }: { runId: string; definitions: Definitions; scope: CyclingScope }) {
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<EditSort | null>(null);
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
  const last = Math.min(page.total, offset + page.edits.length);
  return (
    <div data-testid="edits-table" data-state={q.isPlaceholderData ? 'loading' : 'ready'}>
      <div className="table-wrap">
        <table className="data" aria-label="Edits">
          <thead>
            <tr>
              {EDIT_COLUMNS.map((c) => (
                <SortableHeader
                  key={c.key}
                  label={c.label}
                  numeric={c.numeric}
                  active={sort?.key === c.key}
                  direction={sort?.dir === 'asc' ? 'ascending' : 'descending'}
                  onSort={() => setSort((s) => nextEditSort(s, c.key))}
                />
              ))}
              <th scope="col">Diff</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={`${e.parentId}>${e.childId}`} data-testid="edit-row">
                <td>{program(e.parentId)}</td>
                <td>{program(e.childId)}</td>
                <td className="num">{e.iteration}</td>
                <td className="num">{formatCount(e.added)}</td>
                <td className="num">{formatCount(e.recycledAdded)}</td>
                <td className="num">{formatCount(e.removed)}</td>
                <td className="num">{formatCount(e.recycledRemoved)}</td>
                <td>{e.bucket ? COMPOSITION_LABELS[e.bucket] : <span className="muted">no code lines</span>}</td>
                <td>{ids[e.childId] ? <Link href={editDiffHref(runId, ids[e.childId], definitions, scope)}>diff</Link> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

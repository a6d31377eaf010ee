'use client';
// The edits of one label for one judge (GET /api/runs/[runId]/judgements?judge=&label=), one
// server page at a time (cursor), sorted on the server by order or score change. Keyboard: the
// rows are focusable; ↑/↓ (Home/End) move between them, Enter opens the edit's diff.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { judgementsPageSchema } from '@/lib/contracts/api/taxonomySchemas';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore, shortId } from '../ui/format';
import { LabelChips } from './LabelChips';
import { judgementsUrl, taxonomyDiffHref, type EditSort } from './taxonomyUrls';
import { Table } from '../ui/Table';
import { useUrlParam } from '../ui/useUrlParam';

const EDIT_SORTS: readonly EditSort[] = ['seq', 'scoreChange', '-scoreChange'];

export const LABEL_EDITS_PAGE = 25;

const signed = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatScore(Number(v.toPrecision(4)))}`);

export function LabelEdits({ runId, judge, label, onClose }: { runId: string; judge: string; label: EditLabel; onClose: () => void }) {
  const router = useRouter();
  // Cursors of the pages seen so far: [undefined (first page), c1, c2, ...].
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [sort, setSort] = useUrlParam<EditSort>('sort', EDIT_SORTS, '-scoreChange');
  const page = cursors.length - 1;
  const q = useQuery({
    queryKey: ['judgements', runId, judge, label, sort, cursors[page] ?? ''],
    queryFn: ({ signal }) => apiFetch(judgementsUrl(runId, { judge, label, sort, limit: LABEL_EDITS_PAGE, cursor: cursors[page] }), { schema: judgementsPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const resort = (next: EditSort) => {
    setSort(next);
    setCursors([undefined]);
  };
  const data = q.data;
  return (
    <section className="panel" aria-label={`Edits labelled ${LABEL_TITLES[label]}`} data-testid="label-edits" data-label={label} data-state={data && !q.isPlaceholderData ? 'ready' : 'loading'}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>Edits labelled {LABEL_TITLES[label]}</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="analysis-definition">Table 9: {LABEL_DEFINITIONS[label]}</p>
      {q.isError && (
        <p className="error" role="alert">
          Could not load the edits: {q.error.message}
        </p>
      )}
      {!data && !q.isError && (
        <p className="muted" role="status">
          Loading edits…
        </p>
      )}
      {data && (
        <>
          <Table
            label={`Edits labelled ${LABEL_TITLES[label]}`}
            wrapStyle={{ marginTop: '0.5rem' }}
            rows={data.items}
            rowKey={(e) => e.childId}
            rowProps={(e) => ({ 'data-testid': 'label-edit-row', 'aria-label': `${e.parentExternalId ?? 'no parent'} → ${e.childExternalId}, Δ ${signed(e.scoreChange)}` })}
            onActivate={(e) => e.parentId && router.push(taxonomyDiffHref(runId, e.childId, judge))}
            sort={sort === 'seq' ? { key: 'iteration', dir: 'asc' } : { key: 'delta', dir: sort === 'scoreChange' ? 'asc' : 'desc' }}
            onSortChange={(next) => resort(next.key === 'iteration' ? 'seq' : sort === '-scoreChange' ? 'scoreChange' : '-scoreChange')}
            empty="No edit carries this label."
            columns={[
              {
                key: 'edit',
                header: 'Parent → child',
                className: 'mono',
                cell: (e) => (
                  <>
                    {e.parentId ? (
                      <Link href={`/runs/${runId}/programs/${e.parentId}`} tabIndex={-1} title={e.parentExternalId ?? undefined}>
                        {shortId(e.parentExternalId ?? '', 10)}
                      </Link>
                    ) : (
                      '—'
                    )}{' '}
                    →{' '}
                    <Link href={`/runs/${runId}/programs/${e.childId}`} tabIndex={-1} title={e.childExternalId}>
                      {shortId(e.childExternalId, 10)}
                    </Link>
                  </>
                ),
              },
              { key: 'iteration', header: 'Iteration', numeric: true, sortable: true, cell: (e) => e.iteration ?? '—' },
              {
                key: 'delta',
                header: 'Δ score (normalised)',
                numeric: true,
                sortable: true,
                td: (e) => ({ className: e.scoreChange === null ? 'muted' : e.scoreChange > 0 ? 'ok' : e.scoreChange < 0 ? 'bad' : undefined }),
                cell: (e) => (e.scoreChange === null ? 'unscored' : signed(e.scoreChange)),
              },
              { key: 'labels', header: 'Labels', className: 'wrap', cell: (e) => <LabelChips labels={e.labels} /> },
              { key: 'rationale', header: 'Rationale', className: 'wrap', cell: (e) => (e.status === 'judged' ? e.rationale : <span className="muted">not judged: {e.reason}</span>) },
              { key: 'diff', header: 'Diff', cell: (e) => (e.parentId ? <Link href={taxonomyDiffHref(runId, e.childId, judge)}>diff</Link> : '—') },
            ]}
          />
          <div className="pager">
            <button type="button" onClick={() => setCursors((c) => c.slice(0, -1))} disabled={page === 0}>
              Previous
            </button>
            <button type="button" onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor!])} disabled={!data.nextCursor}>
              Next
            </button>
            <span className="muted" role="status">
              {data.total
                ? `${formatCount(page * LABEL_EDITS_PAGE + 1)}–${formatCount(page * LABEL_EDITS_PAGE + data.items.length)} of ${formatCount(data.total)} edits`
                : 'No edits'}{' '}
              · Δ score = (child − parent) / {formatScore(data.scoreScale)}, positive = better
            </span>
          </div>
        </>
      )}
    </section>
  );
}

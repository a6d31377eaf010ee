'use client';
// The edits of one label for one judge (GET /api/runs/[runId]/judgements?judge=&label=), one
// server page at a time (cursor), sorted on the server by order or score change. Keyboard: the
// rows are focusable; ↑/↓ move between them, Enter opens the edit's diff.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type KeyboardEvent } from 'react';
import { LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/analysis/taxonomy/labels';
import { judgementsPageSchema, type JudgedEdit } from '@/lib/api/taxonomySchemas';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore, shortId } from '../ui/format';
import { SortableHeader } from '../ui/SortableHeader';
import { LabelChips } from './LabelChips';
import { judgementsUrl, taxonomyDiffHref, type EditSort } from './taxonomyUrls';

export const LABEL_EDITS_PAGE = 25;

const signed = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatScore(Number(v.toPrecision(4)))}`);

export function LabelEdits({ runId, judge, label, onClose }: { runId: string; judge: string; label: EditLabel; onClose: () => void }) {
  const router = useRouter();
  // Cursors of the pages seen so far: [undefined (first page), c1, c2, ...].
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [sort, setSort] = useState<EditSort>('-scoreChange');
  const page = cursors.length - 1;
  const q = useQuery({
    queryKey: ['judgements', runId, judge, label, sort, cursors[page] ?? ''],
    queryFn: ({ signal }) => apiFetch(judgementsUrl(runId, { judge, label, sort, limit: LABEL_EDITS_PAGE, cursor: cursors[page] }), { schema: judgementsPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const body = useRef<HTMLTableSectionElement>(null);
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, edit: JudgedEdit) => {
    const rows = Array.from(body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-testid="label-edit-row"]') ?? []);
    const i = rows.indexOf(e.currentTarget);
    if (e.key === 'ArrowDown' && i < rows.length - 1) {
      e.preventDefault();
      rows[i + 1].focus();
    } else if (e.key === 'ArrowUp' && i > 0) {
      e.preventDefault();
      rows[i - 1].focus();
    } else if (e.key === 'Enter' && e.target === e.currentTarget && edit.parentId) {
      router.push(taxonomyDiffHref(runId, edit.childId, judge));
    }
  };
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
          <div className="table-wrap" style={{ marginTop: '0.5rem' }}>
            <table className="data" aria-label={`Edits labelled ${LABEL_TITLES[label]}`}>
              <thead>
                <tr>
                  <th scope="col">Parent → child</th>
                  <SortableHeader label="Iteration" numeric active={sort === 'seq'} direction="ascending" onSort={() => resort('seq')} />
                  <SortableHeader
                    label="Δ score (normalised)"
                    numeric
                    active={sort !== 'seq'}
                    direction={sort === 'scoreChange' ? 'ascending' : 'descending'}
                    onSort={() => resort(sort === '-scoreChange' ? 'scoreChange' : '-scoreChange')}
                  />
                  <th scope="col">Labels</th>
                  <th scope="col">Rationale</th>
                  <th scope="col">Diff</th>
                </tr>
              </thead>
              <tbody ref={body}>
                {data.items.map((e) => (
                  <tr
                    key={e.childId}
                    data-testid="label-edit-row"
                    className="focusable-row"
                    tabIndex={0}
                    aria-label={`${e.parentExternalId ?? 'no parent'} → ${e.childExternalId}, Δ ${signed(e.scoreChange)}`}
                    onKeyDown={(ev) => onRowKey(ev, e)}
                  >
                    <td className="mono">
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
                    </td>
                    <td className="num">{e.iteration ?? '—'}</td>
                    <td className={`num ${e.scoreChange === null ? 'muted' : e.scoreChange > 0 ? 'ok' : e.scoreChange < 0 ? 'bad' : ''}`}>
                      {e.scoreChange === null ? 'unscored' : signed(e.scoreChange)}
                    </td>
                    <td className="wrap">
                      <LabelChips labels={e.labels} />
                    </td>
                    <td className="wrap">{e.status === 'judged' ? e.rationale : <span className="muted">not judged: {e.reason}</span>}</td>
                    <td>{e.parentId ? <Link href={taxonomyDiffHref(runId, e.childId, judge)}>diff</Link> : '—'}</td>
                  </tr>
                ))}
                {data.items.length === 0 && (
                  <tr>
                    <td colSpan={6} className="muted">
                      No edit carries this label.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
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

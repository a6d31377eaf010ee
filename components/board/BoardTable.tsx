'use client';
// The breakthrough review board (issue 10): one row per best-so-far edit. Keyboard: Tab reaches
// the table, ArrowUp/ArrowDown (Home/End) move between edits, Enter or Space opens/closes the
// edit's comment thread, c / d / u set the status to confirmed / disputed / unreviewed.
// Changing a status needs the 'comment' permission (the server says so otherwise).
import Link from 'next/link';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { REVIEW_STATUSES, type Board, type BoardEdit, type ReviewStatus } from '@/lib/contracts/api/board';
import { isEditLabel, LABEL_TITLES } from '@/lib/contracts/editLabels';
import { apiFetch, errorText } from '../ui/apiFetch';
import { CommentThread } from '../comments/CommentThread';
import { formatScore, formatSigned, shortId } from '../ui/format';
import '../comments/comments.css';
import { Table } from '../ui/Table';

const STATUS_KEYS: Record<string, ReviewStatus> = { c: 'confirmed', d: 'disputed', u: 'unreviewed' };
const labelTitle = (l: string) => (isEditLabel(l) ? LABEL_TITLES[l] : l);

function Labels({ labels, human }: { labels: string[]; human?: boolean }) {
  if (labels.length === 0) return <span className="muted">none</span>;
  return (
    <>
      {labels.map((l) => (
        <span key={l} className={`chip${human ? ' human' : ''}`} title={labelTitle(l)} data-testid="label-chip">
          {l}
        </span>
      ))}
    </>
  );
}

export function BoardTable({ runId, openEdit }: { runId: string; openEdit: string | null }) {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => new Set(openEdit ? [openEdit] : []));

  useEffect(() => {
    apiFetch<Board>(`/api/runs/${runId}/board`).then(setBoard, (e) => setError(errorText(e)));
  }, [runId]);

  const patch = (childId: string, p: Partial<BoardEdit>) =>
    setBoard((b) => {
      const e = b?.edits.find((x) => x.childId === childId);
      // Nothing new: keep the same object, so React does not render again.
      if (!b || !e || Object.entries(p).every(([k, v]) => e[k as keyof BoardEdit] === v)) return b;
      return { ...b, edits: b.edits.map((x) => (x.childId === childId ? { ...x, ...p } : x)) };
    });

  const setStatus = async (e: BoardEdit, status: ReviewStatus) => {
    if (status === e.status) return;
    try {
      await apiFetch(`/api/runs/${runId}/board/${e.childId}/status`, { method: 'PUT', body: { status } });
      setError('');
      patch(e.childId, { status, statusAt: new Date().toISOString() });
    } catch (err) {
      setError(errorText(err));
    }
  };

  const toggle = (id: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const counted = useCallback((id: string, n: number) => patch(id, { comments: n }), []);

  if (error && !board) return <p className="error" role="alert">{error}</p>;
  if (!board) return <p className="muted">Loading the board…</p>;
  if (board.edits.length === 0) return <p className="muted">No best-so-far edits: this run has no valid program with a score.</p>;

  const onKey = (ev: KeyboardEvent<HTMLTableRowElement>, e: BoardEdit) => {
    if (ev.key === ' ') {
      ev.preventDefault();
      toggle(e.childId);
    } else if (STATUS_KEYS[ev.key]) {
      ev.preventDefault();
      void setStatus(e, STATUS_KEYS[ev.key]);
    }
  };

  return (
    <>
      {error && <p className="error" role="alert">{error}</p>}
      <Table
        label="Best-so-far edits"
        caption={
          <>
            The best-so-far edits of {board.metric} ({board.higherIsBetter ? 'higher' : 'lower'} is better), in order; the jump is from the previous best.
            Arrow keys move between edits, Enter opens the thread, c / d / u confirm, dispute or reset the status.
            {!board.humanLabelsAvailable && ' Human labels appear here once blind review sessions exist.'}
          </>
        }
        rows={board.edits}
        rowKey={(e) => e.childId}
        rowProps={(e) => ({
          className: `board-edit${open.has(e.childId) ? ' open' : ''}`,
          'data-testid': 'board-edit',
          'data-child': e.childExternalId,
          'data-status': e.status,
          'aria-expanded': open.has(e.childId),
        })}
        onActivate={(e) => toggle(e.childId)}
        onRowKeyDown={(ev, e) => onKey(ev, e)}
        after={(e) =>
          open.has(e.childId) && (
            <tr className="board-thread">
              <td colSpan={9}>
                <CommentThread
                  runId={runId}
                  target="edit"
                  programId={e.childId}
                  title={`Comments on ${e.parentExternalId ? `${e.parentExternalId} → ` : ''}${e.childExternalId}`}
                  onCount={(n) => counted(e.childId, n)}
                />
              </td>
            </tr>
          )
        }
        columns={[
          { key: 'n', header: '#', numeric: true, cell: (_e, i) => i + 1 },
          { key: 'iteration', header: 'Iteration', numeric: true, cell: (e) => e.iteration },
          {
            key: 'edit',
            header: 'Edit',
            cell: (e) => (
              <>
                {e.parentExternalId ? (
                  <>
                    <Link href={`/runs/${runId}/programs/${e.parentId}`} prefetch={false} className="mono" tabIndex={-1} title={e.parentExternalId}>
                      {shortId(e.parentExternalId)}
                    </Link>
                    {' → '}
                  </>
                ) : (
                  <span className="muted">seed </span>
                )}
                <Link href={`/runs/${runId}/programs/${e.childId}`} prefetch={false} className="mono" tabIndex={-1} title={e.childExternalId}>
                  {shortId(e.childExternalId)}
                </Link>{' '}
                {e.parentId && (
                  <Link href={`/runs/${runId}/programs/${e.childId}/diff`} prefetch={false} data-testid="board-diff-link">
                    diff
                  </Link>
                )}
              </>
            ),
          },
          { key: 'score', header: 'Score', numeric: true, cell: (e) => formatScore(e.score) },
          { key: 'jump', header: 'Jump', numeric: true, cell: (e) => formatSigned(e.jump), td: (e) => ({ className: e.jump === null || e.jump === 0 ? '' : 'ok' }) },
          {
            key: 'judge',
            header: 'Judge labels',
            cell: (e) =>
              e.judgeLabels.length === 0 ? (
                <span className="muted">not judged</span>
              ) : (
                e.judgeLabels.map((j) => (
                  <div key={j.judge} className="chips" data-testid="judge-labels" data-judge={j.judge}>
                    <span className="muted" style={{ fontSize: '0.76rem' }}>
                      {j.judge}:
                    </span>
                    {j.status === 'judged' ? <Labels labels={j.labels} /> : <span className="muted">not judged</span>}
                  </div>
                ))
              ),
          },
          {
            key: 'human',
            header: 'Human labels',
            cell: (e) =>
              e.humanLabels.length === 0 ? (
                <span className="muted">—</span>
              ) : (
                e.humanLabels.map((h) => (
                  <div key={h.reviewer} className="chips" data-testid="human-labels">
                    <span className="muted" style={{ fontSize: '0.76rem' }}>
                      {h.reviewer}:
                    </span>
                    <Labels labels={h.labels} human />
                  </div>
                ))
              ),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (e) => (
              <select
                aria-label={`Status of ${e.childExternalId}`}
                value={e.status}
                className={`status-${e.status}`}
                data-testid="status-select"
                tabIndex={-1}
                onChange={(ev) => void setStatus(e, ev.target.value as ReviewStatus)}
                title={e.statusBy ? `set by ${e.statusBy}${e.statusAt ? ` at ${e.statusAt.replace('T', ' ').slice(0, 16)}` : ''}` : undefined}
              >
                {REVIEW_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            ),
          },
          {
            key: 'comments',
            header: 'Comments',
            numeric: true,
            cell: (e) => (
              <button type="button" tabIndex={-1} onClick={() => toggle(e.childId)} aria-expanded={open.has(e.childId)} data-testid="thread-toggle">
                {e.comments} {open.has(e.childId) ? '▾' : '▸'}
              </button>
            ),
          },
        ]}
      />
    </>
  );
}

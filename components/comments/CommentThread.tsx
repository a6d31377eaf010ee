'use client';
// A comment thread on a board edit, a program or a diff (issue 10). Comments render through the
// safe Markdown renderer; each has a permalink (#comment-<id>): opening it scrolls the comment
// into view and highlights it. Only its author edits a comment; its author or an owner deletes it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { commentHref, type CommentTargetKind, type CommentView } from '@/lib/contracts/api/board';
import { apiFetch, errorText, HttpError } from '../ui/apiFetch';
import type { Person } from './mentionComplete';
import { CommentComposer } from './CommentComposer';
import { Markdown } from './Markdown';
import './comments.css';

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The comment id named by the page's #comment-<id> anchor, if any. */
const anchoredId = () => (typeof window !== 'undefined' && window.location.hash.startsWith('#comment-') ? window.location.hash.slice('#comment-'.length) : null);

export function CommentThread({
  runId,
  target,
  programId,
  line,
  title = 'Comments',
  onCount,
  lineInput,
}: {
  runId: string;
  target: CommentTargetKind;
  programId: string;
  line?: number;
  title?: string;
  onCount?: (n: number) => void;
  /** Diff threads: let a comment name a line of the right-hand program. */
  lineInput?: boolean;
}) {
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [newLine, setNewLine] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const query = `target=${target}&programId=${programId}${line ? `&line=${line}` : ''}`;

  const load = useCallback(async () => {
    try {
      setComments((await apiFetch<{ comments: CommentView[] }>(`/api/runs/${runId}/comments?${query}`)).comments);
    } catch (e) {
      setError(errorText(e));
    }
  }, [runId, query]);

  useEffect(() => {
    void load();
    // The people list needs the 'comment' permission too: refused means read-only here.
    apiFetch<{ users: Person[] }>('/api/mentions/people').then(
      (r) => {
        setPeople(r.users);
        setReadOnly(false);
      },
      (e) => {
        setPeople([]);
        setReadOnly(e instanceof HttpError && (e.status === 401 || e.status === 403));
      },
    );
  }, [load]);

  // Tell the parent (the board's count column) only when the live count changes: the callback
  // may be a new function on every render of the parent.
  const live = comments?.filter((c) => !c.deletedAt).length ?? null;
  const report = useRef(onCount);
  useEffect(() => {
    report.current = onCount;
  });
  useEffect(() => {
    if (live !== null) report.current?.(live);
  }, [live]);

  // Permalinks: once the thread is shown, scroll to the anchored comment and highlight it.
  useEffect(() => {
    const go = () => {
      const id = anchoredId();
      if (!id || !comments?.some((c) => c.id === id)) return;
      setHighlight(id);
      document.getElementById(`comment-${id}`)?.scrollIntoView({ block: 'center' });
    };
    go();
    window.addEventListener('hashchange', go);
    return () => window.removeEventListener('hashchange', go);
  }, [comments]);

  const post = async (body: string) => {
    const at = line ?? (newLine.trim() ? Number(newLine) : undefined);
    try {
      const c = await apiFetch<CommentView>(`/api/runs/${runId}/comments`, { method: 'POST', body: { target, programId, ...(at ? { line: at } : {}), body } });
      setError('');
      setComments((cs) => [...(cs ?? []), c]);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };
  const replace = (c: CommentView) => setComments((cs) => (cs ?? []).map((x) => (x.id === c.id ? c : x)));
  const save = async (id: string, body: string) => {
    try {
      const c = await apiFetch<CommentView>(`/api/runs/${runId}/comments/${id}`, { method: 'PATCH', body: { body } });
      setError('');
      replace(c);
      setEditing(null);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };
  const remove = async (id: string) => {
    if (!window.confirm('Delete this comment?')) return;
    try {
      replace(await apiFetch<CommentView>(`/api/runs/${runId}/comments/${id}`, { method: 'DELETE' }));
      setError('');
    } catch (e) {
      setError(errorText(e));
    }
  };

  const names = useMemo(() => new Map<string, Map<string, string>>((comments ?? []).map((c) => [c.id, new Map(c.mentions.map((m) => [m.email.toLowerCase(), m.name]))])), [comments]);

  return (
    <section className="thread" aria-label={title} data-testid="comment-thread">
      <h3 style={{ margin: 0, fontSize: '0.95rem' }}>
        {title} {comments && <span className="muted">({comments.filter((c) => !c.deletedAt).length})</span>}
      </h3>
      {comments === null && !error && <p className="muted">Loading comments…</p>}
      {comments?.map((c) => (
        <article
          key={c.id}
          id={`comment-${c.id}`}
          data-testid="comment"
          data-highlighted={highlight === c.id ? 'true' : undefined}
          className={`comment${highlight === c.id ? ' highlight' : ''}${c.deletedAt ? ' deleted' : ''}`}
        >
          <div className="comment-head">
            <strong>{c.author.name}</strong>
            <a href={commentHref(c)} title="Permalink to this comment" data-testid="comment-permalink" onClick={() => setHighlight(c.id)}>
              {when(c.createdAt)}
            </a>
            {c.line !== null && <span>line {c.line}</span>}
            {c.editedAt && !c.deletedAt && <span title={`edited ${when(c.editedAt)}`}>(edited)</span>}
            <span className="actions">
              {c.canEdit && editing !== c.id && (
                <button type="button" onClick={() => setEditing(c.id)}>
                  Edit
                </button>
              )}
              {c.canDelete && (
                <button type="button" className="danger" onClick={() => void remove(c.id)}>
                  Delete
                </button>
              )}
            </span>
          </div>
          {c.deletedAt ? (
            <p style={{ margin: '0.25rem 0' }}>This comment was deleted.</p>
          ) : editing === c.id ? (
            <CommentComposer people={people ?? []} initial={c.body} submitLabel="Save" autoFocus onSubmit={(b) => save(c.id, b)} onCancel={() => setEditing(null)} />
          ) : (
            <Markdown source={c.body} names={names.get(c.id)} />
          )}
        </article>
      ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {readOnly ? (
        <p className="muted" data-testid="comments-read-only" style={{ margin: 0, fontSize: '0.8rem' }}>
          Your role may read comments but not write them.
        </p>
      ) : (
        <>
          {lineInput && (
            <label className="muted" style={{ fontSize: '0.82rem' }}>
              On line (optional){' '}
              <input type="number" min={1} value={newLine} onChange={(e) => setNewLine(e.target.value)} style={{ width: '6rem' }} data-testid="comment-line" />
            </label>
          )}
          <CommentComposer people={people ?? []} submitLabel="Comment" onSubmit={post} />
          {people !== null && people.length === 0 && (
            <p className="muted" data-testid="no-mentions-note" style={{ margin: 0, fontSize: '0.8rem' }}>
              Single-user workbench: comments are signed &ldquo;local&rdquo; and there is nobody to @mention (create accounts to review as a team).
            </p>
          )}
        </>
      )}
    </section>
  );
}

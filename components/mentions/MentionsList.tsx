'use client';
// "Mentions of me": the comments that @mention the signed-in user, newest first, unread ones
// marked; opening one (or "Mark read") marks it read. On the single-user workbench nobody can be
// mentioned, and the page says so.
import { useEffect, useState } from 'react';
import type { MentionView } from '@/lib/contracts/api/board';
import { apiFetch, errorText } from '../ui/apiFetch';
import { Markdown } from '../comments/Markdown';
import '../comments/comments.css';

interface Answer {
  singleUser: boolean;
  unread: number;
  mentions: MentionView[];
}

/** Tells the header's unread count to refresh. */
const announce = () => window.dispatchEvent(new Event('evoscope:mentions'));

export function MentionsList() {
  const [data, setData] = useState<Answer | null>(null);
  const [error, setError] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);

  useEffect(() => {
    apiFetch<Answer>(`/api/mentions${unreadOnly ? '?unread=1' : ''}`).then(setData, (e) => setError(errorText(e)));
  }, [unreadOnly]);

  const markRead = async (ids: string[] | 'all') => {
    let r: { unread: number };
    try {
      r = await apiFetch<{ unread: number }>('/api/mentions/read', { method: 'POST', body: ids === 'all' ? { all: true } : { commentIds: ids } });
      setError('');
    } catch (e) {
      return setError(errorText(e));
    }
    const now = new Date().toISOString();
    setData((d) => d && { ...d, unread: r.unread, mentions: d.mentions.map((m) => (ids === 'all' || ids.includes(m.comment.id) ? { ...m, readAt: m.readAt ?? now } : m)) });
    announce();
  };

  if (error && !data) return <p className="error" role="alert">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  if (data.singleUser) {
    return (
      <p className="muted" data-testid="mentions-single-user">
        This is the single-user workbench: there are no accounts, so nobody can be @mentioned. Create accounts (Settings) to review as a team.
      </p>
    );
  }
  return (
    <>
      <div className="row" style={{ marginBottom: '0.6rem' }}>
        <span data-testid="mentions-unread-count">{data.unread} unread</span>
        <label>
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} /> unread only
        </label>
        <button type="button" onClick={() => void markRead('all')} disabled={data.unread === 0} data-testid="mentions-mark-all-read">
          Mark all read
        </button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {data.mentions.length === 0 ? (
        <p className="muted" data-testid="mentions-empty">Nobody has mentioned you{unreadOnly ? ' since you last read' : ''}.</p>
      ) : (
        <ul className="thread" style={{ listStyle: 'none', padding: 0 }} data-testid="mentions-list" aria-label="Mentions of me">
          {data.mentions.map((m) => (
            <li
              key={m.comment.id}
              className={`comment mention-item${m.readAt ? '' : ' unread'}`}
              data-testid="mention-item"
              data-comment-id={m.comment.id}
              data-unread={m.readAt ? 'false' : 'true'}
            >
              <div className="comment-head">
                <strong>{m.comment.author.name}</strong>
                <span>
                  on {m.comment.target === 'edit' ? 'a board edit' : m.comment.target === 'diff' ? 'a diff' : 'a program'} of {m.runName}
                </span>
                <span>{m.comment.createdAt.replace('T', ' ').slice(0, 16)}</span>
                <span className="actions">
                  <a href={m.href} onClick={() => void markRead([m.comment.id])} data-testid="mention-open">
                    Open
                  </a>
                  {!m.readAt && (
                    <button type="button" onClick={() => void markRead([m.comment.id])} data-testid="mention-mark-read">
                      Mark read
                    </button>
                  )}
                </span>
              </div>
              <Markdown source={m.comment.body} names={new Map(m.comment.mentions.map((x) => [x.email.toLowerCase(), x.name]))} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

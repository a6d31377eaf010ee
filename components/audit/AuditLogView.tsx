'use client';
// The owners' audit log (/settings/audit): newest first, filtered by action (one action, or a
// family such as "review." / "import."), 50 a page with "Older" / "Newest" paging.
import { useEffect, useState } from 'react';
import type { AuditPage } from '@/lib/db/auditLog';
import { apiFetch, errorText } from '../ui/apiFetch';

const FAMILIES = ['import.', 'run.', 'review.', 'comment.', 'user.', 'token.', 'share.'];

export function AuditLogView() {
  const [action, setAction] = useState('');
  const [before, setBefore] = useState<string[]>([]);
  const [page, setPage] = useState<AuditPage | null>(null);
  const [error, setError] = useState('');
  const cursor = before.at(-1);

  useEffect(() => {
    const q = new URLSearchParams({ limit: '50', ...(action ? { action } : {}), ...(cursor ? { before: cursor } : {}) });
    apiFetch<AuditPage>(`/api/audit/log?${q}`).then(
      (p) => {
        setError('');
        setPage(p);
      },
      (e) => setError(errorText(e)),
    );
  }, [action, cursor]);

  if (error && !page) return <p className="error" role="alert">{error}</p>;
  const actions = [...FAMILIES, ...(page?.actions ?? [])];
  return (
    <>
      <div className="row" style={{ marginBottom: '0.6rem' }}>
        <label>
          Action{' '}
          <select
            value={action}
            data-testid="audit-action-filter"
            onChange={(e) => {
              setAction(e.target.value);
              setBefore([]);
            }}
          >
            <option value="">all</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a.endsWith('.') ? `${a}*` : a}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setBefore([])} disabled={before.length === 0}>
          Newest
        </button>
        <button type="button" onClick={() => page?.nextBefore && setBefore((b) => [...b, page.nextBefore!])} disabled={!page?.nextBefore} data-testid="audit-older">
          Older
        </button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {!page ? (
        <p className="muted">Loading…</p>
      ) : page.entries.length === 0 ? (
        <p className="muted">Nothing recorded{action ? ` for ${action}` : ''}.</p>
      ) : (
        <div className="table-wrap">
          <table className="data" aria-label="Audit log">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>Action</th>
                <th>Target</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((a) => (
                <tr key={a.id} data-testid="audit-entry" data-action={a.action}>
                  <td>{a.at.replace('T', ' ').slice(0, 19)}</td>
                  <td>{a.actorEmail ?? a.actorKind}</td>
                  <td>{a.action}</td>
                  <td className="mono">
                    {a.targetKind} {a.targetId}
                  </td>
                  <td className="mono" style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                    {JSON.stringify(a.details)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

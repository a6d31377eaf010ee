'use client';
// The owners' audit log (/settings/audit): newest first, filtered by action (one action, or a
// family such as "review." / "import."), 50 a page with "Older" / "Newest" paging.
import { useEffect, useState } from 'react';
import type { AuditPage } from '@/lib/contracts/api/accounts';
import { apiFetch, errorText } from '../ui/apiFetch';
import { Table } from '../ui/Table';

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
        <Table
          label="Audit log"
          rows={page.entries}
          rowKey={(a) => a.id}
          rowProps={(a) => ({ 'data-testid': 'audit-entry', 'data-action': a.action })}
          columns={[
            { key: 'when', header: 'When', cell: (a) => a.at.replace('T', ' ').slice(0, 19) },
            { key: 'who', header: 'Who', cell: (a) => a.actorEmail ?? a.actorKind },
            { key: 'action', header: 'Action', cell: (a) => a.action },
            { key: 'target', header: 'Target', cell: (a) => `${a.targetKind} ${a.targetId}`, className: 'mono' },
            { key: 'details', header: 'Details', cell: (a) => JSON.stringify(a.details), className: 'mono', td: () => ({ style: { whiteSpace: 'normal', wordBreak: 'break-word' } }) },
          ]}
        />
      )}
    </>
  );
}

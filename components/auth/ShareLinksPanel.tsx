'use client';
// Read-only share links for this run: create one (expiry in days; the URL shown once), see who
// made which and until when, revoke. Whoever opens a link may read this run only.
import { useEffect, useState } from 'react';
import type { ShareLinkView } from '@/lib/contracts/api/accounts';
import { SecretOnce } from './SecretOnce';
import { apiFetch, errorText } from '../ui/apiFetch';

export function ShareLinksPanel({ runId }: { runId: string }) {
  const [links, setLinks] = useState<ShareLinkView[]>([]);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/runs/${runId}/share-links`;
  async function reload() {
    try {
      setLinks((await apiFetch<{ links: ShareLinkView[] }>(base)).links);
    } catch {
      // the list stays as it was
    }
  }
  useEffect(() => {
    void reload();
  }, [runId]);
  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const days = Number(new FormData(e.currentTarget).get('days'));
    try {
      const r = await apiFetch<{ url: string }>(base, { method: 'POST', body: { expiresInDays: days } });
      setError(null);
      setUrl(String(r.url));
    } catch (err) {
      return setError(errorText(err));
    }
    await reload();
  }
  async function revoke(id: string) {
    await apiFetch(`${base}/${id}`, { method: 'DELETE' }).catch((err) => setError(errorText(err)));
    await reload();
  }
  return (
    <section className="panel">
      <form className="row" onSubmit={create} aria-label="Create a share link">
        <label>
          Read-only link, valid for <input name="days" type="number" min={1} max={365} defaultValue={7} style={{ width: '5rem' }} /> days
        </label>
        <button type="submit">Create share link</button>
      </form>
      {url && <SecretOnce label="Share link" value={url} testId="share-url" />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {links.length > 0 && (
        <ul>
          {links.map((l) => (
            <li key={l.id}>
              by {l.createdBy}, {l.active ? `until ${l.expiresAt.slice(0, 16).replace('T', ' ')}` : l.revokedAt ? 'revoked' : 'expired'}{' '}
              {l.active && (
                <button type="button" onClick={() => revoke(l.id)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

'use client';
// Personal API tokens of the signed-in user: create (name + scopes; the secret shown once),
// list by prefix with last use, revoke. Replaces the single ingestion token once accounts exist.
import { useState } from 'react';
import type { ApiTokenView } from '@/lib/contracts/api/accounts';
import { TOKEN_SCOPES } from '@/lib/contracts/permissions';
import { SecretOnce } from './SecretOnce';
import { apiFetch, errorText } from '../ui/apiFetch';
import { Table } from '../ui/Table';

const SCOPE_HELP = { read: 'read runs and analyses', ingest: 'stream live runs, upload', jobs: 'start and cancel jobs' } as const;

export function ApiTokensPanel({ initial, origin }: { initial: ApiTokenView[]; origin: string }) {
  const [tokens, setTokens] = useState(initial);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function reload() {
    try {
      setTokens((await apiFetch<{ tokens: ApiTokenView[] }>('/api/tokens')).tokens);
    } catch {
      // the list stays as it was
    }
  }
  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setError(null);
    try {
      const r = await apiFetch<{ token: string }>('/api/tokens', { method: 'POST', body: { name: form.get('name'), scopes: form.getAll('scope') } });
      setSecret(String(r.token));
    } catch (err) {
      return setError(errorText(err));
    }
    formEl.reset();
    await reload();
  }
  async function revoke(t: ApiTokenView) {
    if (!confirm(`Revoke "${t.name}"? Clients using it will get 401.`)) return;
    await apiFetch(`/api/tokens/${t.id}`, { method: 'DELETE' }).catch((err) => setError(errorText(err)));
    await reload();
  }
  const example = secret ?? 'evo_...';
  return (
    <section className="panel">
      <h2 style={{ marginTop: 0 }}>Personal API tokens</h2>
      <p className="muted">
        For scripts, the CLI and live ingestion: send <code>Authorization: Bearer &lt;token&gt;</code>. A token can do what its scopes allow
        and never more than your role.
      </p>
      <form className="row" onSubmit={create} aria-label="Create a token">
        <input name="name" type="text" placeholder="what uses it (e.g. search on gpu-box)" required maxLength={100} aria-label="Token name" />
        {TOKEN_SCOPES.map((s) => (
          <label key={s} title={SCOPE_HELP[s]}>
            <input type="checkbox" name="scope" value={s} defaultChecked={s === 'ingest'} /> {s}
          </label>
        ))}
        <button type="submit">Create token</button>
      </form>
      {secret && <SecretOnce label="New token" value={secret} testId="new-api-token" />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {tokens.length > 0 && (
        <Table
          label="API tokens"
          wrap={false}
          rows={tokens}
          rowKey={(t) => t.id}
          columns={[
            { key: 'name', header: 'Name', cell: (t) => t.name },
            { key: 'token', header: 'Token', cell: (t) => `${t.prefix}…`, className: 'mono' },
            { key: 'scopes', header: 'Scopes', cell: (t) => t.scopes.join(', ') },
            { key: 'created', header: 'Created', cell: (t) => t.createdAt.slice(0, 10) },
            { key: 'used', header: 'Last used', cell: (t) => (t.lastUsedAt ? t.lastUsedAt.replace('T', ' ').slice(0, 16) : 'never') },
            {
              key: 'revoke',
              header: '',
              cell: (t) =>
                t.revokedAt ? (
                  <span className="tag bad">revoked</span>
                ) : (
                  <button type="button" onClick={() => revoke(t)}>
                    Revoke {t.name}
                  </button>
                ),
            },
          ]}
        />
      )}
      <h3>Stream a run with curl</h3>
      <pre>{`curl -s -X POST ${origin}/api/ingest/runs \\
  -H "Authorization: Bearer ${example}" -H "Content-Type: application/json" \\
  -d '{"name": "my live run", "framework": "openevolve", "scoreMetric": "combined_score"}'`}</pre>
    </section>
  );
}

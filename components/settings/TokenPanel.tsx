'use client';
// Shows the ingestion token with copy and regenerate buttons, and ready-to-run examples.
import { useState } from 'react';
import { apiFetch } from '../ui/apiFetch';

export function TokenPanel({ initialToken, origin }: { initialToken: string; origin: string }) {
  const [token, setToken] = useState(initialToken);
  const [copied, setCopied] = useState(false);
  async function regenerate() {
    if (!confirm('Replace the token? Clients using the old one will get 401 until they use the new one.')) return;
    const res = await apiFetch<{ token: string }>('/api/settings/ingest-token', { method: 'POST' }).catch(() => null);
    if (res) setToken(res.token);
  }
  const curl = `curl -s -X POST ${origin}/api/ingest/runs \\
  -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\
  -d '{"name": "my live run", "framework": "openevolve", "scoreMetric": "combined_score"}'
# -> {"runId": "...", "url": "..."}
curl -s -X POST ${origin}/api/ingest/runs/RUN_ID/programs \\
  -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\
  -d '{"programs": [{"id": "p1", "parent_ids": [], "iteration": 0, "code": "print(1)", "metrics": {"combined_score": 0.5}}]}'
curl -s -X POST ${origin}/api/ingest/runs/RUN_ID/finish -H "Authorization: Bearer ${token}"`;
  return (
    <section className="panel">
      <h2 style={{ marginTop: 0 }}>Ingestion token</h2>
      <div className="row">
        <code data-testid="ingest-token">{token}</code>
        <button type="button" onClick={() => navigator.clipboard?.writeText(token).then(() => setCopied(true))}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={regenerate}>
          Regenerate
        </button>
      </div>
      <h3>Stream a run with curl</h3>
      <pre>{curl}</pre>
    </section>
  );
}

'use client';
// How many sandboxes a re-evaluation batch (Re-run, the best-so-far chain, private re-scoring)
// runs at once. Empty: the machine's cores. Batches keep the value they started with.
import { useState, type FormEvent } from 'react';
import type { EvaluationSettings } from '@/lib/api/evaluations';
import { SaveRow, type SaveMessage } from './SaveRow';

export function EvaluationSettingsPanel({ initial }: { initial: EvaluationSettings }) {
  const [value, setValue] = useState(initial.concurrency === null ? '' : String(initial.concurrency));
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    const res = await fetch('/api/settings/evaluation', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ concurrency: v === '' ? null : Number.isNaN(Number(v)) ? v : Number(v) }),
    });
    const body: unknown = await res.json().catch(() => null);
    setMessage(
      res.ok
        ? { ok: true, text: 'Saved.' }
        : { ok: false, text: body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}` },
    );
  };
  return (
    <section className="panel" style={{ marginTop: '1rem' }}>
      <h2 style={{ marginTop: 0 }}>Re-evaluation</h2>
      <p className="muted">
        Sandboxes a re-evaluation runs at once. Empty: one per core ({initial.defaultConcurrency} on this machine). A batch already
        started keeps its own.
      </p>
      <form className="form-grid" onSubmit={submit} aria-label="Re-evaluation concurrency">
        <label htmlFor="evaluation-concurrency">Sandboxes at once</label>
        <input id="evaluation-concurrency" type="text" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} placeholder={`${initial.defaultConcurrency} (cores)`} />
        <span />
        <SaveRow label="Save concurrency" message={message} />
      </form>
    </section>
  );
}

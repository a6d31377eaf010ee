'use client';
// How many sandboxes a re-evaluation batch (Re-run, the best-so-far chain, private re-scoring)
// runs at once, and the most any request may ask: an evaluator's time and memory per program,
// a batch's sandboxes (issue 28: members could ask for a day, 64 GB and 64 sandboxes). Empty:
// the default shown. Batches and evaluators keep the values they started with.
import { useState, type FormEvent } from 'react';
import type { EvaluationSettings } from '@/lib/contracts/api/evaluations';
import { apiFetch, errorText } from '../ui/apiFetch';
import { SaveRow, type SaveMessage } from './SaveRow';

const FIELDS = [
  { key: 'concurrency', id: 'evaluation-concurrency', label: 'Sandboxes at once' },
  { key: 'maxConcurrency', id: 'evaluation-max-concurrency', label: 'Most sandboxes a request may ask' },
  { key: 'maxTimeoutSeconds', id: 'evaluation-max-timeout', label: 'Longest evaluator timeout (s)' },
  { key: 'maxMemoryMb', id: 'evaluation-max-memory', label: 'Most evaluator memory (MB)' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

const str = (n: number | null) => (n === null ? '' : String(n));
const num = (s: string) => (s.trim() === '' ? null : Number.isNaN(Number(s)) ? s : Number(s));

export function EvaluationSettingsPanel({ initial }: { initial: EvaluationSettings }) {
  const [values, setValues] = useState<Record<Key, string>>({
    concurrency: str(initial.concurrency),
    maxConcurrency: str(initial.limits.maxConcurrency),
    maxTimeoutSeconds: str(initial.limits.maxTimeoutSeconds),
    maxMemoryMb: str(initial.limits.maxMemoryMb),
  });
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const placeholders: Record<Key, string> = {
    concurrency: `${initial.defaultConcurrency} (cores)`,
    maxConcurrency: `${initial.defaultLimits.maxConcurrency} (the default above)`,
    maxTimeoutSeconds: String(initial.defaultLimits.maxTimeoutSeconds),
    maxMemoryMb: String(initial.defaultLimits.maxMemoryMb),
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await apiFetch('/api/settings/evaluation', { method: 'PUT', body: Object.fromEntries(FIELDS.map((f) => [f.key, num(values[f.key])])) });
      setMessage({ ok: true, text: 'Saved.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section className="panel" style={{ marginTop: '1rem' }}>
      <h2 style={{ marginTop: 0 }}>Re-evaluation</h2>
      <p className="muted">
        Sandboxes a re-evaluation runs at once. Empty: one per core ({initial.defaultConcurrency} on this machine). The maxima bound
        what anyone may ask for a batch or an uploaded evaluator (a request past one gets 400); empty: the default shown. A batch
        already started keeps its own.
      </p>
      <form className="form-grid" onSubmit={submit} aria-label="Re-evaluation limits">
        {FIELDS.map((f) => (
          <FieldRow key={f.key} id={f.id} label={f.label} value={values[f.key]} placeholder={placeholders[f.key]} onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))} />
        ))}
        <span />
        <SaveRow label="Save re-evaluation settings" message={message} />
      </form>
    </section>
  );
}

function FieldRow({ id, label, value, placeholder, onChange }: { id: string; label: string; value: string; placeholder: string; onChange: (v: string) => void }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
    </>
  );
}

'use client';
// This run's severe-overfit threshold: an override of the global setting (/settings), in the
// run's score units. Empty + save removes the override.
import { useState, type FormEvent } from 'react';
import { runGeneralizationSchema, type RunGeneralizationResponse } from '@/lib/contracts/api/generalization';
import { apiFetch, errorText } from '../ui/apiFetch';

export function ThresholdForm({ runId, threshold, onSaved }: { runId: string; threshold: RunGeneralizationResponse['threshold']; onSaved: (d: RunGeneralizationResponse) => void }) {
  const [value, setValue] = useState(threshold.source === 'run' ? String(threshold.value) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const t = value.trim() === '' ? null : Number(value);
    let saved: RunGeneralizationResponse;
    try {
      saved = await apiFetch(`/api/runs/${runId}/generalization/threshold`, {
        method: 'PUT',
        body: { threshold: t !== null && Number.isNaN(t) ? value : t },
        schema: runGeneralizationSchema,
      });
    } catch (err) {
      return setError(errorText(err));
    }
    onSaved(saved);
  };
  return (
    <form className="row" onSubmit={submit} aria-label="Severe-overfit threshold of this run">
      <label>
        This run&apos;s threshold{' '}
        <input type="text" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} placeholder="global setting" size={12} />
      </label>
      <button type="submit">Save</button>
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

'use client';
// The global severe-overfit threshold of public-vs-private verdicts: an absolute number in each
// run's score units, or (empty) a share of the first chain program's private score. A run's own
// threshold (its "Public vs private" view) takes precedence.
import { useState, type FormEvent } from 'react';
import type { ThresholdSetting } from '@/lib/analysis/generalization';
import { apiFetch, errorText } from '../ui/apiFetch';
import { SaveRow, type SaveMessage } from './SaveRow';

export function ThresholdSettingPanel({ initial }: { initial: ThresholdSetting }) {
  const [absolute, setAbsolute] = useState(initial.absolute === null ? '' : String(initial.absolute));
  const [relative, setRelative] = useState(String(initial.relative * 100));
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const num = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? s : Number(s));
    const rel = num(relative);
    try {
      await apiFetch('/api/settings/generalization', {
        method: 'PUT',
        body: { absolute: absolute.trim() === '' ? null : num(absolute), relative: typeof rel === 'number' ? rel / 100 : rel },
      });
      setMessage({ ok: true, text: 'Saved.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section className="panel" style={{ marginTop: '1rem' }}>
      <h2 style={{ marginTop: 0 }}>Public vs private: severe-overfit threshold</h2>
      <p className="muted">
        A run whose public score got better while its private score got worse by more than this is a severe overfit (EvoReplay uses 200
        rating points on ALE). Scores differ in scale between tasks, so leave the absolute threshold empty to use a share of each run&apos;s
        first private score instead.
      </p>
      <form className="form-grid" onSubmit={submit} aria-label="Severe-overfit threshold">
        <label htmlFor="threshold-absolute">Absolute (score units)</label>
        <input id="threshold-absolute" type="text" inputMode="decimal" value={absolute} onChange={(e) => setAbsolute(e.target.value)} placeholder="none: use the share" />
        <label htmlFor="threshold-relative">Share of the first private score (%)</label>
        <input id="threshold-relative" type="text" inputMode="decimal" value={relative} onChange={(e) => setRelative(e.target.value)} />
        <span />
        <SaveRow label="Save threshold" message={message} />
      </form>
    </section>
  );
}

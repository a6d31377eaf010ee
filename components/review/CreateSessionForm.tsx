'use client';
// Creating a review session: runs, sampling (stratified by a judge's labels x sign of the score
// change, or best-so-far edits only), size, the stratification judge, the reviewers.
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { RunChoice } from '@/lib/contracts/api/reviewChoices';
import { runLabels } from '@/lib/contracts/runOrigin';
import { apiFetch, errorText } from '../ui/apiFetch';

export interface ReviewerOption {
  id: string;
  label: string;
}

export function CreateSessionForm({
  runs,
  reviewers,
  me,
  initialRun,
}: {
  runs: RunChoice[];
  reviewers: ReviewerOption[];
  /** The creator's reviewer key (null: cannot review, e.g. a token). */
  me: string | null;
  initialRun: string | null;
}) {
  const router = useRouter();
  const [runIds, setRunIds] = useState<string[]>(initialRun && runs.some((r) => r.id === initialRun) ? [initialRun] : []);
  const [sampling, setSampling] = useState<'stratified' | 'best-so-far'>('stratified');
  const [size, setSize] = useState('30');
  const [name, setName] = useState('');
  const judges = useMemo(() => {
    const out = new Map<string, number>();
    for (const r of runs) if (runIds.includes(r.id)) for (const j of r.judges) out.set(j.judge, (out.get(j.judge) ?? 0) + j.judged);
    return [...out];
  }, [runs, runIds]);
  // Runs sharing a name are labelled with their import date, source and short id.
  const labels = useMemo(() => runLabels(runs), [runs]);
  const [judgeChoice, setJudgeChoice] = useState<string | null>(null);
  const judge = judgeChoice !== null && (judgeChoice === '' || judges.some(([j]) => j === judgeChoice)) ? judgeChoice : judges[0]?.[0] ?? '';
  const [picked, setPicked] = useState<string[]>(me && reviewers.some((r) => r.id === me) ? [me] : reviewers.length === 1 ? [reviewers[0].id] : []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const defaultName = runIds.length ? `Review of ${runs.filter((r) => runIds.includes(r.id)).map((r) => r.name).join(', ')}`.slice(0, 200) : '';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    let body: { id?: string } | null;
    try {
      body = await apiFetch('/api/reviews', {
        method: 'POST',
        body: { name: name.trim() || defaultName, runIds, sampling, size: Number(size), judge: judge || null, reviewers: picked },
      });
    } catch (err) {
      setBusy(false);
      setError(errorText(err));
      return;
    }
    setBusy(false);
    if (!body?.id) {
      setError('creating the session failed (the answer named no session)');
      return;
    }
    if (me && picked.includes(me)) router.push(`/review/${body.id}`);
    else router.refresh();
  }

  return (
    <form onSubmit={submit} className="panel" aria-label="New review session" style={{ display: 'grid', gap: '0.6rem' }}>
      <fieldset>
        <legend>Runs</legend>
        {runs.length === 0 && <p className="muted">No run yet: upload one first.</p>}
        <div style={{ maxHeight: '12rem', overflow: 'auto' }}>
          {runs.map((r) => (
            <label key={r.id} style={{ display: 'block' }}>
              <input
                type="checkbox"
                checked={runIds.includes(r.id)}
                onChange={(e) => setRunIds((ids) => (e.target.checked ? [...ids, r.id] : ids.filter((x) => x !== r.id)))}
              />{' '}
              {labels.get(r.id)} <span className="muted">({r.programs} programs)</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Sampling</legend>
        <label>
          <input type="radio" name="sampling" checked={sampling === 'stratified'} onChange={() => setSampling('stratified')} /> Stratified by
          the judge&apos;s label and the sign of the score change
        </label>{' '}
        <label>
          <input type="radio" name="sampling" checked={sampling === 'best-so-far'} onChange={() => setSampling('best-so-far')} /> Best-so-far
          edits only
        </label>
      </fieldset>
      <div className="row">
        <label>
          Size <input type="number" min={1} max={2000} value={size} onChange={(e) => setSize(e.target.value)} style={{ width: '6rem' }} aria-label="Size" />
        </label>
        <label>
          Judge{' '}
          <select aria-label="Judge" value={judge} onChange={(e) => setJudgeChoice(e.target.value)}>
            {judges.map(([j, n]) => (
              <option key={j} value={j}>
                {j} ({n} edits)
              </option>
            ))}
            <option value="">none (sign of the score change only)</option>
          </select>
        </label>
        <label>
          Name <input type="text" value={name} placeholder={defaultName || 'Review session'} onChange={(e) => setName(e.target.value)} aria-label="Name" style={{ width: '22rem' }} />
        </label>
      </div>
      <fieldset>
        <legend>Reviewers</legend>
        {reviewers.map((r) => (
          <label key={r.id} style={{ marginRight: '1rem' }}>
            <input
              type="checkbox"
              checked={picked.includes(r.id)}
              onChange={(e) => setPicked((p) => (e.target.checked ? [...p, r.id] : p.filter((x) => x !== r.id)))}
            />{' '}
            {r.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="muted" style={{ color: 'var(--bad)' }}>
          {error}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy || runIds.length === 0 || picked.length === 0}>
          Create review session
        </button>
      </div>
    </form>
  );
}

'use client';
// The run page's "Re-run the best-so-far chain": every program that set a new best is re-run
// against the run's evaluator (several sandboxes at once, in the worker), with progress, a
// Cancel button, and per step the recorded score beside the re-run one(s).
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { BatchDetail } from '@/lib/api/evaluations';
import { formatScore } from '../ui/format';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { cancelRerun, isFinished, startRerun, useBatch } from './rerunClient';

function delta(recorded: number | null, rerun: number | null | undefined, higherIsBetter: boolean) {
  if (recorded === null || rerun === null || rerun === undefined) return null;
  const d = Number((rerun - recorded).toPrecision(6));
  if (d === 0) return { text: '±0', cls: 'muted' };
  return { text: `${d > 0 ? '+' : '−'}${formatScore(Math.abs(d))}`, cls: (d > 0) === higherIsBetter ? 'ok' : 'error' };
}

export function BestChainRerun({ runId, initial, evaluator }: {
  runId: string;
  /** The run's latest chain re-run, if any. */
  initial: BatchDetail | null;
  evaluator: { version: number; hasPrivate: boolean } | null;
}) {
  const [batch, setBatch] = useState<BatchDetail | null>(initial);
  const [following, setFollowing] = useState<string | null>(initial && !isFinished(initial.status) ? initial.id : null);
  const [withPrivate, setWithPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const followed = useBatch(runId, following);
  useEffect(() => {
    if (!followed.data) return;
    setBatch(followed.data);
    if (isFinished(followed.data.status)) setFollowing(null);
  }, [followed.data]);
  useEffect(() => {
    if (!followed.error) return;
    setError(followed.error.message);
    setFollowing(null);
  }, [followed.error]);

  async function start() {
    setError(null);
    try {
      const b = await startRerun(runId, { scope: 'best-chain', testSets: withPrivate ? ['public', 'private'] : ['public'] });
      setFollowing(b.id);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function cancel() {
    if (!batch) return;
    try {
      await cancelRerun(runId, batch.id);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const running = following !== null;
  const showPrivate = batch?.testSets.includes('private') ?? false;
  return (
    <section aria-label="Re-run the best-so-far chain" data-testid="chain-rerun">
      <div className="row">
        <button type="button" onClick={start} disabled={running || !evaluator} aria-describedby={evaluator ? undefined : 'chain-rerun-no-evaluator'}>
          Re-run the best-so-far chain
        </button>
        {evaluator?.hasPrivate && (
          <label>
            <input type="checkbox" checked={withPrivate} onChange={(e) => setWithPrivate(e.target.checked)} disabled={running} /> also on the private test set
          </label>
        )}
        {running && batch && (
          <button type="button" className="danger" onClick={cancel} disabled={batch.status === 'cancelled'}>
            Cancel
          </button>
        )}
        {evaluator ? (
          <span className="muted">evaluator version {evaluator.version}</span>
        ) : (
          <NoEvaluatorReason runId={runId} id="chain-rerun-no-evaluator" onRunPage />
        )}
      </div>
      {running && (
        <ProgressBar
          testId="chain-rerun-progress"
          label={batch ? `${batch.status === 'queued' ? 'Queued' : 'Evaluating'}: ${batch.done}/${batch.total} (${batch.concurrency} at once)` : 'Starting…'}
          value={batch?.done ?? 0}
          max={batch?.total ?? null}
        />
      )}
      {error && <p className="error" role="alert">{error}</p>}
      {batch && !running && (
        <p className={batch.status === 'done' ? 'muted' : 'error'} data-testid="chain-rerun-status">
          Last chain re-run: {batch.status}, {batch.done}/{batch.total} evaluated
          {batch.failed ? `, ${batch.failed} not ok` : ''}
          {batch.evaluatorVersion !== null && ` (evaluator version ${batch.evaluatorVersion})`}
          {batch.error && ` — ${batch.error}`}
        </p>
      )}
      {batch && batch.steps.length > 0 && (
        <div className="table-wrap">
          <table className="data" aria-label="Best-so-far chain: recorded vs re-run">
            <thead>
              <tr>
                <th scope="col">step</th>
                <th scope="col">program</th>
                <th scope="col" className="num">iteration</th>
                <th scope="col" className="num">recorded</th>
                <th scope="col" className="num">re-run</th>
                <th scope="col" className="num">change</th>
                {showPrivate && <th scope="col" className="num">private</th>}
              </tr>
            </thead>
            <tbody>
              {batch.steps.map((s, i) => {
                const d = delta(s.recordedScore, s.public?.score, batch.higherIsBetter);
                return (
                  <tr key={s.programId} data-testid="chain-step">
                    <td className="num">{i + 1}</td>
                    <td className="mono"><Link href={`/runs/${runId}/programs/${s.programId}`}>{s.externalId}</Link></td>
                    <td className="num">{s.iteration ?? '—'}</td>
                    <td className="num mono">{formatScore(s.recordedScore)}</td>
                    <td className="num mono" title={s.public ? `${s.public.status} (sandbox: ${s.public.sandboxStatus ?? '—'})` : 'not run yet'}>
                      {s.public ? (s.public.score === null ? s.public.status : formatScore(s.public.score)) : '…'}
                    </td>
                    <td className={`num mono ${d?.cls ?? ''}`}>{d?.text ?? ''}</td>
                    {showPrivate && (
                      <td className="num mono">{s.private ? (s.private.score === null ? s.private.status : formatScore(s.private.score)) : '…'}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

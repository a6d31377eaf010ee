'use client';
// The run page's "Re-run the best-so-far chain": every program that set a new best is re-run
// against the run's evaluator (several sandboxes at once, in the worker), with progress, a
// Cancel button, and per step the recorded score beside the re-run one(s).
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { BatchDetail } from '@/lib/contracts/api/evaluations';
import { formatScore } from '../ui/format';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { cancelRerun, isFinished, startRerun, useBatch } from './rerunClient';
import { Table } from '../ui/Table';

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
        <Table
          label="Best-so-far chain: recorded vs re-run"
          rows={batch.steps}
          rowKey={(s) => s.programId}
          rowProps={() => ({ 'data-testid': 'chain-step' })}
          keyboard
          columns={[
            { key: 'step', header: 'step', className: 'num', cell: (_s, i) => i + 1 },
            { key: 'program', header: 'program', className: 'mono', cell: (s) => <Link href={`/runs/${runId}/programs/${s.programId}`}>{s.externalId}</Link> },
            { key: 'iteration', header: 'iteration', numeric: true, cell: (s) => s.iteration ?? '—' },
            { key: 'recorded', header: 'recorded', numeric: true, className: 'mono', cell: (s) => formatScore(s.recordedScore) },
            {
              key: 'rerun',
              header: 're-run',
              numeric: true,
              className: 'mono',
              td: (s) => ({ title: s.public ? `${s.public.status} (sandbox: ${s.public.sandboxStatus ?? '—'})` : 'not run yet' }),
              cell: (s) => (s.public ? (s.public.score === null ? s.public.status : formatScore(s.public.score)) : '…'),
            },
            {
              key: 'change',
              header: 'change',
              numeric: true,
              td: (s) => ({ className: `mono ${delta(s.recordedScore, s.public?.score, batch.higherIsBetter)?.cls ?? ''}` }),
              cell: (s) => delta(s.recordedScore, s.public?.score, batch.higherIsBetter)?.text ?? '',
            },
            ...(showPrivate
              ? [
                  {
                    key: 'private',
                    header: 'private',
                    numeric: true,
                    className: 'mono',
                    cell: (s: BatchDetail['steps'][number]) => (s.private ? (s.private.score === null ? s.private.status : formatScore(s.private.score)) : '…'),
                  },
                ]
              : []),
          ]}
        />
      )}
    </section>
  );
}

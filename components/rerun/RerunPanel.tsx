'use client';
// The program page's "Re-run": starts a re-evaluation job (the worker runs the program against
// the run's evaluator in a sandbox), shows its progress, then the latest re-run beside what the
// trace recorded.
import { useEffect, useState } from 'react';
import type { BatchDetail, ProgramEvaluations } from '@/lib/contracts/api/evaluations';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { RerunComparison } from './RerunComparison';
import { getProgramEvaluations, isFinished, startRerun, useBatch } from './rerunClient';

export function RerunPanel({ runId, programId, initial, activeBatchId, hasEvaluator }: {
  runId: string;
  programId: string;
  initial: ProgramEvaluations;
  /** Without one the button is disabled, with the reason beside it (the server would refuse). */
  hasEvaluator: boolean;
  /** A re-run of this program still queued or running when the page was loaded. */
  activeBatchId: string | null;
}) {
  const [evaluations, setEvaluations] = useState(initial);
  const [batch, setBatch] = useState<BatchDetail | null>(null);
  const [following, setFollowing] = useState<string | null>(activeBatchId);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const followed = useBatch(runId, following);
  useEffect(() => {
    const last = followed.data;
    if (!last) return;
    setBatch(last);
    if (!isFinished(last.status)) return;
    // Finished: the program's evaluations read again, then the panel stops following.
    let current = true;
    if (last.status !== 'done') setError(last.error ?? `the re-run was ${last.status}`);
    getProgramEvaluations(runId, programId).then(
      (e) => {
        if (!current) return;
        setEvaluations(e);
        setFollowing(null);
      },
      (e: Error) => {
        if (!current) return;
        setError(e.message);
        setFollowing(null);
      },
    );
    return () => {
      current = false;
    };
  }, [followed.data, runId, programId]);
  useEffect(() => {
    if (!followed.error) return;
    setError(followed.error.message);
    setFollowing(null);
  }, [followed.error]);

  async function rerun() {
    setError(null);
    setStarting(true);
    try {
      const b = await startRerun(runId, { programId });
      setBatch(null);
      setFollowing(b.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setStarting(false);
    }
  }

  // The latest batch's results (public, and private when it ran on both).
  const latestBatch = evaluations.reruns[0]?.batchId ?? null;
  const latest = evaluations.reruns.filter((r) => r.batchId === latestBatch).sort((a, b) => (a.testSet === 'public' ? -1 : b.testSet === 'public' ? 1 : 0));
  const busy = starting || following !== null;
  return (
    <section aria-label="Re-run" data-testid="rerun-panel">
      <div className="row">
        <button type="button" onClick={rerun} disabled={busy || !hasEvaluator} aria-describedby={hasEvaluator ? undefined : 'rerun-no-evaluator'}>
          {busy ? 'Re-running…' : 'Re-run'}
        </button>
        {hasEvaluator ? (
          <span className="muted">Runs this program against the run&apos;s evaluator in a sandbox and stores the result beside the recorded one.</span>
        ) : (
          <NoEvaluatorReason runId={runId} id="rerun-no-evaluator" />
        )}
      </div>
      {following && (
        <ProgressBar
          testId="rerun-progress"
          label={batch ? `${batch.status === 'queued' ? 'Queued' : 'Evaluating'}: ${batch.done}/${batch.total}` : 'Starting…'}
          value={batch?.done ?? 0}
          max={batch?.total ?? null}
        />
      )}
      {error && (
        <p className="error" role="alert" data-testid="rerun-error">
          {error}
        </p>
      )}
      {latest.length === 0 && !following && <p className="muted">Not re-run yet.</p>}
      {latest.map((r) => (
        <RerunComparison key={r.id} scoreMetric={evaluations.scoreMetric} higherIsBetter={evaluations.higherIsBetter} recorded={evaluations.recorded} rerun={r} />
      ))}
      {evaluations.reruns.length > latest.length && (
        <p className="muted">{evaluations.reruns.length - latest.length} earlier re-run(s) of this program are stored.</p>
      )}
    </section>
  );
}

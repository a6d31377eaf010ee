'use client';
// The program page's "Re-run": starts a re-evaluation job (the worker runs the program against
// the run's evaluator in a sandbox), shows its progress, then the latest re-run beside what the
// trace recorded.
import { useEffect, useRef, useState } from 'react';
import type { BatchDetail, ProgramEvaluations } from '@/lib/contracts/api/evaluations';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { RerunComparison } from './RerunComparison';
import { followBatch, getProgramEvaluations, startRerun } from './rerunClient';

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
  const stop = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!following) return;
    const ac = new AbortController();
    stop.current = ac;
    followBatch(runId, following, setBatch, ac.signal)
      .then(async (last) => {
        if (!last) return;
        if (last.status !== 'done') setError(last.error ?? `the re-run was ${last.status}`);
        setEvaluations(await getProgramEvaluations(runId, programId));
        setFollowing(null);
      })
      .catch((e: Error) => {
        setError(e.message);
        setFollowing(null);
      });
    return () => ac.abort();
  }, [following, runId, programId]);

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

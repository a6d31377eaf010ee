'use client';
// "Re-score the best-so-far chain on the private set": starts a re-evaluation batch through the
// re-run API (POST /api/runs/[runId]/evaluations, scope best-chain, public and private test
// sets) and shows the progress of the latest such batch, which the page polls while it runs;
// Cancel stops it (POST .../evaluation-batches/[batchId]/cancel; the worker aborts its sandboxes).
import { useState } from 'react';
import { FINISHED_BATCH, type RunGeneralizationResponse } from '@/lib/api/generalization';
import { ProgressBar } from '../ui/ProgressBar';

type Data = Pick<RunGeneralizationResponse, 'evaluator' | 'batch'>;

/** Why the button cannot be used, or null when it can. */
export function rescoreBlocked({ evaluator, batch }: Data): string | null {
  if (!evaluator) return 'No evaluator is attached to this run: attach one on the run page or with `npm run evoscope -- env attach <runId> <dir> --private <dir>`.';
  if (evaluator.privateFiles === 0)
    return `The run's evaluator (version ${evaluator.version}) has no private test set: attach a new version with \`--private <dir>\`.`;
  if (batch && !FINISHED_BATCH.has(batch.status)) return 'A re-scoring is already running.';
  return null;
}

export function RescorePanel({ runId, data, onStarted }: { runId: string; data: Data; onStarted: () => void }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocked = rescoreBlocked(data);
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const res = await fetch(`/api/runs/${runId}/evaluations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scope: 'best-chain', testSets: ['public', 'private'] }),
      });
      if (!res.ok) {
        const body: unknown = await res.json().catch(() => null);
        throw new Error(body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}`);
      }
      onStarted();
    } catch (e) {
      setError(`Could not start the re-scoring: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setStarting(false);
    }
  };
  const cancel = async (batchId: string) => {
    setError(null);
    const res = await fetch(`/api/runs/${runId}/evaluation-batches/${batchId}/cancel`, { method: 'POST' });
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => null);
      setError(`Could not cancel: ${body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}`}`);
    }
    onStarted();
  };
  const b = data.batch;
  const describedBy = blocked ? 'rescore-blocked' : undefined;
  return (
    <section className="panel" aria-label="Private re-scoring">
      <div className="row">
        <button type="button" onClick={start} disabled={blocked !== null || starting} aria-describedby={describedBy}>
          {starting ? 'Starting…' : 'Re-score the best-so-far chain on the private set'}
        </button>
        {data.evaluator && (
          <span className="muted">
            evaluator version {data.evaluator.version}, {data.evaluator.privateFiles} private file{data.evaluator.privateFiles === 1 ? '' : 's'}
          </span>
        )}
      </div>
      {blocked && (
        <p id="rescore-blocked" className="muted" data-testid="rescore-blocked">
          {blocked}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {b && (
        <div data-testid="rescore-batch" data-status={b.status}>
          <ProgressBar
            label={`Re-scoring (${b.testSets.join(' and ')}): ${b.done} of ${b.total} evaluations${b.failed ? `, ${b.failed} failed` : ''} · ${b.status}`}
            value={b.done}
            max={b.total}
            testId="rescore-progress"
          />
          {!FINISHED_BATCH.has(b.status) && (
            <button type="button" onClick={() => cancel(b.id)}>
              Cancel re-scoring
            </button>
          )}
          {b.error && <p className="error">{b.error}</p>}
        </div>
      )}
    </section>
  );
}

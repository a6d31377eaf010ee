'use client';
// "Re-score the best-so-far chain on the private set": starts a re-evaluation batch through the
// re-run API (POST /api/runs/[runId]/evaluations, scope best-chain, public and private test
// sets) and shows the progress of the latest such batch, which the page polls while it runs;
// Cancel stops it (POST .../evaluation-batches/[batchId]/cancel; the worker aborts its sandboxes).
// The batch started here is remembered for the tab's session, so the panel says it is yours.
import { useState } from 'react';
import { z } from 'zod';
import { FINISHED_BATCH, type RunGeneralizationResponse } from '@/lib/contracts/api/generalization';
import { apiFetch, errorText } from '../ui/apiFetch';
import { ProgressBar } from '../ui/ProgressBar';
import { rescoreState, type OwnBatch } from './rescoreState';

type Data = Pick<RunGeneralizationResponse, 'evaluator' | 'batch'>;

const startedSchema = z.object({ batch: z.object({ id: z.string(), createdAt: z.string() }) });
const ownKey = (runId: string) => `evoscope.rescore.${runId}`;

function readOwn(runId: string): OwnBatch | null {
  try {
    const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(ownKey(runId));
    const parsed = raw ? startedSchema.shape.batch.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // storage unavailable: the panel just does not know which batch is yours after a reload
  }
}

export function RescorePanel({ runId, data, onStarted }: { runId: string; data: Data; onStarted: () => void }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mine, setMine] = useState<OwnBatch | null>(() => readOwn(runId));
  const state = rescoreState(data, mine);
  const blocked = starting ? null : state.blocked;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const { batch: own } = await apiFetch(`/api/runs/${runId}/evaluations`, {
        method: 'POST',
        body: { scope: 'best-chain', testSets: ['public', 'private'] },
        schema: startedSchema,
      });
      setMine(own);
      try {
        window.sessionStorage.setItem(ownKey(runId), JSON.stringify(own));
      } catch {
        // storage unavailable: known as yours until a reload
      }
      onStarted();
    } catch (e) {
      setError(`Could not start the re-scoring: ${errorText(e)}`);
    } finally {
      setStarting(false);
    }
  };
  const cancel = async (batchId: string) => {
    setError(null);
    try {
      await apiFetch(`/api/runs/${runId}/evaluation-batches/${batchId}/cancel`, { method: 'POST' });
    } catch (e) {
      setError(`Could not cancel: ${errorText(e)}`);
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
      {state.note && (
        <p className="muted" data-testid="rescore-note" data-own={state.own}>
          {state.note}
        </p>
      )}
      {b && !state.pending && (
        <div data-testid="rescore-batch" data-status={b.status} data-own={state.own}>
          <ProgressBar
            label={`${state.own ? 'Your re-scoring' : 'Re-scoring'} (${b.testSets.join(' and ')}): ${b.done} of ${b.total} evaluations${b.failed ? `, ${b.failed} failed` : ''} · ${b.status}`}
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

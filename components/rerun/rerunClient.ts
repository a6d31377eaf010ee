// Browser calls of the re-evaluation API, responses parsed with the server's own schemas.
import { batchDetailSchema, batchProgressSchema, programEvaluationsSchema, type BatchDetail, type BatchStatus } from '@/lib/api/evaluations';
import { apiFetch, HttpError } from '../ui/apiFetch';
import { z } from 'zod';

const started = z.object({ batch: batchProgressSchema });


export async function startRerun(runId: string, body: { programId: string } | { scope: 'best-chain'; testSets?: ('public' | 'private')[] }) {
  return (await apiFetch(`/api/runs/${runId}/evaluations`, { method: 'POST', body, schema: started })).batch;
}

export async function cancelRerun(runId: string, batchId: string) {
  return (await apiFetch(`/api/runs/${runId}/evaluation-batches/${batchId}/cancel`, { method: 'POST', schema: started })).batch;
}

export const getBatch = (runId: string, batchId: string, signal?: AbortSignal) =>
  apiFetch(`/api/runs/${runId}/evaluation-batches/${batchId}`, { schema: batchDetailSchema, signal });

export const getProgramEvaluations = (runId: string, programId: string) =>
  apiFetch(`/api/runs/${runId}/programs/${programId}/evaluations`, { schema: programEvaluationsSchema });

export const isFinished = (s: BatchStatus) => s === 'done' || s === 'failed' || s === 'cancelled';

/**
 * Polls a batch until it finishes, calling `onUpdate` with each state; resolves with the last.
 * A reconnecting database (503) is waited out.
 */
export async function followBatch(runId: string, batchId: string, onUpdate: (b: BatchDetail) => void, signal: AbortSignal): Promise<BatchDetail | null> {
  for (;;) {
    if (signal.aborted) return null;
    try {
      const b = await getBatch(runId, batchId, signal);
      onUpdate(b);
      if (isFinished(b.status)) return b;
    } catch (e) {
      if (signal.aborted) return null;
      if (!(e instanceof HttpError && e.status === 503)) throw e;
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

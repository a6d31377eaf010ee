// Browser calls of the re-evaluation API, responses parsed with the server's own schemas.
import { batchDetailSchema, batchProgressSchema, programEvaluationsSchema, type BatchStatus } from '@/lib/contracts/api/evaluations';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../ui/apiFetch';

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

/** How often an unfinished batch is asked again. */
export const FOLLOW_MS = 400;

/**
 * A re-evaluation batch, polled until it finishes (a reconnecting database's 503 is retried by
 * the query client's policy); `batchId` null: none followed.
 */
export function useBatch(runId: string, batchId: string | null) {
  return useQuery({
    queryKey: ['evaluation-batch', runId, batchId],
    queryFn: ({ signal }) => getBatch(runId, batchId!, signal),
    enabled: batchId !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && isFinished(q.state.data.status)) ? false : FOLLOW_MS),
  });
}

// POST /api/runs/[runId]/evaluation-batches/[batchId]/cancel - cancel a queued or running re-evaluation
import { found, handle } from '@/lib/http/handler';
import { batchParamsSchema } from '@/lib/contracts/api/evaluations';
import { cancelBatch } from '@/lib/db/evaluationBatches';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string; batchId: string }>(async (_req, params) => {
  const { runId, batchId } = batchParamsSchema.parse(params);
  // The process running it notices within a second and stops its sandboxes.
  return { batch: found(await cancelBatch(runId, batchId), 'evaluation batch') };
}, { permission: 'jobs' });

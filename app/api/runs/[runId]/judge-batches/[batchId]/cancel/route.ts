// POST /api/runs/[runId]/judge-batches/[batchId]/cancel - cancel a queued or running judging batch
import { found, handle } from '@/lib/http/handler';
import { judgeBatchParamsSchema } from '@/lib/contracts/api/taxonomySchemas';
import { cancelJudgeBatch } from '@/lib/db/judgeBatches';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string; batchId: string }>(async (_req, params) => {
  const { runId, batchId } = judgeBatchParamsSchema.parse(params);
  // The process running it notices within a second and drops the requests in flight.
  return { batch: found(await cancelJudgeBatch(runId, batchId), 'judging batch') };
}, { permission: 'jobs' });

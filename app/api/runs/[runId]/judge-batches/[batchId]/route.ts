// GET /api/runs/[runId]/judge-batches/[batchId] - one judging batch: progress, spend, caps
import { found, handle } from '@/lib/http/handler';
import { judgeBatchParamsSchema } from '@/lib/contracts/api/taxonomySchemas';
import { getJudgeBatch } from '@/lib/db/judgeBatches';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; batchId: string }>(async (_req, params) => {
  const { runId, batchId } = judgeBatchParamsSchema.parse(params);
  return { batch: found(await getJudgeBatch(runId, batchId), 'judging batch') };
}, { permission: 'read' });

// GET /api/runs/[runId]/evaluation-batches/[batchId] - a re-evaluation's progress and, per program, recorded vs re-run score
import { found, handle } from '@/lib/http/handler';
import { batchParamsSchema } from '@/lib/contracts/api/evaluations';
import { getBatchDetail } from '@/lib/db/evaluationBatches';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; batchId: string }>(async (_req, params) => {
  const { runId, batchId } = batchParamsSchema.parse(params);
  return found(await getBatchDetail(runId, batchId), 'evaluation batch');
}, { permission: 'read' });

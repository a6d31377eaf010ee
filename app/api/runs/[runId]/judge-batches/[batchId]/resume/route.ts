// POST /api/runs/[runId]/judge-batches/[batchId]/resume - judge what a stopped batch left (a new
// batch of the same judge; optional body { budget } replaces the caps)
import { found, handle, jsonBody } from '@/lib/http/handler';
import { judgeBatchParamsSchema, resumeJudgeBatchSchema } from '@/lib/contracts/api/taxonomySchemas';
import { audit } from '@/lib/db/audit';
import { resumeJudgeBatch } from '@/lib/db/judgeBatches';
import { enqueueJudgeBatch } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string; batchId: string }>(async (req, params, { actor }) => {
  const { runId, batchId } = judgeBatchParamsSchema.parse(params);
  // The body is optional: a plain POST resumes with the batch's own caps.
  const { budget } = resumeJudgeBatchSchema.parse(req.headers.get('content-type') ? await jsonBody(req) : {});
  const batch = found(await resumeJudgeBatch(runId, batchId, budget), 'judging batch');
  // A batch still queued or running is returned as it is; a new one is queued.
  if (batch.id === batchId) return { batch };
  await enqueueJudgeBatch(batch.id);
  await audit(actor, 'judge.resume', { kind: 'run', id: runId }, { batchId: batch.id, from: batchId, judge: batch.judge });
  return Response.json({ batch }, { status: 201 });
}, { permission: 'jobs' });

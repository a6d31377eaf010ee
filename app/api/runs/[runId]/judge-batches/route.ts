// POST /api/runs/[runId]/judge-batches - start judging the run's unjudged edits ({ judge: 'offline'|'llm', model?, budget?, concurrency? });
// GET - the run's judging batches, newest first
import { ApiError, found, handle, jsonBody } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { startJudgeBatchSchema } from '@/lib/contracts/api/taxonomySchemas';
import { createJudgeBatch, JudgeBatchInputError, listJudgeBatches } from '@/lib/db/judgeBatches';
import { audit } from '@/lib/db/audit';
import { getRun } from '@/lib/db/runs';
import { enqueueJudgeBatch } from '@/lib/db/jobQueue';
import { loadLlmSettings } from '@/lib/services/llmSettings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const input = startJudgeBatchSchema.parse(await jsonBody(req));
  // An unusable EVOSCOPE_LLM_* value is the deployment's to fix: 409 with its message, as for none.
  const settings =
    input.judge === 'llm'
      ? await loadLlmSettings().catch((e: unknown) => {
          throw new ApiError(409, e instanceof Error ? e.message : String(e));
        })
      : null;
  const batch = await createJudgeBatch({ runId, kind: input.judge, model: input.model, budget: input.budget, concurrency: input.concurrency }, settings).catch(
    (e: unknown) => {
      if (e instanceof JudgeBatchInputError) throw new ApiError(e.status, e.message);
      throw e;
    },
  );
  const created = found(batch, 'run');
  await enqueueJudgeBatch(created.id);
  // Relabelling is audited: who asked which judge to label the run.
  await audit(actor, 'judge.start', { kind: 'run', id: runId }, { batchId: created.id, judge: created.judge, total: created.total });
  return Response.json({ batch: created }, { status: 201 });
}, { permission: 'jobs' });

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  found(await getRun(runId), 'run');
  return { batches: await listJudgeBatches(runId) };
}, { permission: 'read' });

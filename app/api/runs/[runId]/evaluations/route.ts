// POST /api/runs/[runId]/evaluations - start a re-evaluation ({ programId } or { scope: 'best-chain' }; concurrency at most the owner's maximum);
// GET ?scope= - the run's latest re-evaluation batches, newest first
import { z } from 'zod';
import { ApiError, found, handle, jsonBody, queryOf } from '@/lib/http/handler';
import { startEvaluationSchema } from '@/lib/contracts/api/evaluations';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { BatchInputError, createEvaluationBatch, evaluationMaxima, listRunBatches } from '@/lib/db/evaluationBatches';
import { limitRefusal } from '@/lib/sandbox/evaluators/limits';
import { getRun } from '@/lib/db/runs';
import { enqueueEvaluationBatch } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const input = startEvaluationSchema.parse(await jsonBody(req));
  const refused = limitRefusal({ concurrency: input.concurrency }, await evaluationMaxima());
  if (refused) throw new ApiError(400, refused);
  const batch = await createEvaluationBatch(
    'programId' in input
      ? { runId, scope: 'program', programIds: [input.programId], testSets: input.testSets, concurrency: input.concurrency }
      : { runId, scope: input.scope, programIds: 'programIds' in input ? input.programIds : undefined, testSets: input.testSets, concurrency: input.concurrency },
  ).catch((e: unknown) => {
    if (e instanceof BatchInputError) throw new ApiError(e.status, e.message, e.code);
    throw e;
  });
  const created = found(batch, 'run');
  await enqueueEvaluationBatch(created.id);
  return Response.json({ batch: created }, { status: 201 });
}, { permission: 'jobs' });

const listQuery = z.object({ scope: z.enum(['program', 'best-chain', 'programs']).optional() });

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { scope } = listQuery.parse(queryOf(req));
  found(await getRun(runId), 'run');
  return { batches: await listRunBatches(runId, { scope }) };
}, { permission: 'read' });

// POST /api/runs/[runId]/experiments - start an experiment on a program: { kind: 'replay' | 'tune' | 'ablate', programId, params }; 409 NO_EVALUATOR (nothing stored) on a run without an evaluator
// GET ?kind=&programId=&groupId=&limit=&offset= - the run's experiments, newest first
import { ApiError, found, handle, jsonBody, queryOf } from '@/lib/http/handler';
import { listExperimentsQuery, startExperimentSchema } from '@/lib/contracts/api/experimentSchemas';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { actorUser } from '@/lib/contracts/permissions';
import { createExperiment, ExperimentInputError, listExperiments } from '@/lib/db/experiments';
import { getRun } from '@/lib/db/runs';
import { enqueueExperiment } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const input = startExperimentSchema.parse(await jsonBody(req));
  found(await getRun(runId), 'run');
  const created = await createExperiment({
    runId,
    programId: input.programId,
    params: { kind: input.kind, ...input.params } as never,
    createdBy: actorUser(actor)?.id ?? null,
  }).catch((e: unknown) => {
    if (e instanceof ExperimentInputError) throw new ApiError(e.status, e.message, e.code);
    throw e;
  });
  await enqueueExperiment(created.id);
  return Response.json({ experiment: created }, { status: 201 });
}, { permission: 'jobs' });

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const q = listExperimentsQuery.parse(queryOf(req));
  found(await getRun(runId), 'run');
  return listExperiments(runId, q);
}, { permission: 'read' });

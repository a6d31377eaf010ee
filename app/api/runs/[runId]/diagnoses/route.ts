// GET /api/runs/[runId]/diagnoses - the run's diagnoses (imported and Evoscope's) by trigger generation
// POST /api/runs/[runId]/diagnoses - diagnose the run's plateau post hoc (the eval agent, issue 13): body DiagnoseParams { atGeneration?, k?, maxToolCalls?, maxTokens?, auxMetrics?, agentCandidate? } -> 202 { experiment }
import { ApiError, found, handle, jsonBody } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { actorUser } from '@/lib/contracts/permissions';
import { diagnoseParamsSchema } from '@/lib/trace/diagnosis';
import { listDiagnoses } from '@/lib/db/diagnoses';
import { createDiagnoseExperiment } from '@/lib/services/experiments/diagnose';
import { ExperimentInputError } from '@/lib/db/experiments';
import { getRun, getRunMetricInfo } from '@/lib/db/runs';
import { enqueueExperiment } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  found(await getRunMetricInfo(runId), 'run');
  return { diagnoses: await listDiagnoses(runId) };
}, { permission: 'read' });

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const body = diagnoseParamsSchema.parse(await jsonBody(req));
  found(await getRun(runId), 'run');
  const experiment = await createDiagnoseExperiment(runId, body, actorUser(actor)?.id ?? null).catch((e: unknown) => {
    if (e instanceof ExperimentInputError) throw new ApiError(e.status, e.message, e.code);
    throw e;
  });
  await enqueueExperiment(experiment.id);
  return Response.json({ experiment }, { status: 202 });
}, { permission: 'jobs' });

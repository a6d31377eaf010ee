// POST /api/runs/[runId]/diagnoses/[diagnosisId]/aux - run the diagnosis's auxiliary_metrics.py over every program of the run: 202 { experiment }; 409 without a script
// GET ?max= - { metricNames, points, trivialMetrics, total, stride }: the stored aux values beside each program's score, thinned to at most `max` points (default 5000)
import { z } from 'zod';
import { ApiError, found, handle, jsonBody, queryOf } from '@/lib/http/handler';
import { uuidSchema } from '@/lib/contracts/api/params';
import { actorUser } from '@/lib/contracts/permissions';
import { AUX_POINTS_DEFAULT, AUX_POINTS_LIMIT, auxPointsThinned, getDiagnosis } from '@/lib/db/diagnoses';
import { ExperimentInputError } from '@/lib/db/experiments';
import { getRun } from '@/lib/db/runs';
import { startAuxExperiment } from '@/lib/services/diagnosis/startAux';
import { metricNamesOf } from '@/lib/diagnosis/trivialMetric';
import { auxParamsSchema } from '@/lib/trace/diagnosis';
import { enqueueExperiment } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ runId: uuidSchema('run id'), diagnosisId: uuidSchema('diagnosis id') });
const bodySchema = z.object({ timeoutSeconds: auxParamsSchema.shape.timeoutSeconds.unwrap().optional() }).strict();
const querySchema = z.object({
  max: z.coerce.number({ error: 'max must be a number' }).int('max must be an integer').min(1, 'max must be at least 1')
    .max(AUX_POINTS_LIMIT, `max must be at most ${AUX_POINTS_LIMIT}`).default(AUX_POINTS_DEFAULT),
});

export const POST = handle<{ runId: string; diagnosisId: string }>(async (req, params, { actor }) => {
  const { runId, diagnosisId } = paramsSchema.parse(params);
  const body = bodySchema.parse(req.body ? ((await jsonBody(req)) ?? {}) : {});
  found(await getRun(runId), 'run');
  const created = await startAuxExperiment({ runId, diagnosisId, timeoutSeconds: body.timeoutSeconds, createdBy: actorUser(actor)?.id ?? null }).catch((e: unknown) => {
    if (e instanceof ExperimentInputError) throw new ApiError(e.status, e.message, e.code);
    throw e;
  });
  await enqueueExperiment(created.id);
  return Response.json({ experiment: created }, { status: 202 });
}, { permission: 'jobs' });

export const GET = handle<{ runId: string; diagnosisId: string }>(async (req, params) => {
  const { runId, diagnosisId } = paramsSchema.parse(params);
  const { max } = querySchema.parse(queryOf(req));
  found(await getRun(runId), 'run');
  const d = found(await getDiagnosis(runId, diagnosisId), 'diagnosis');
  const { total, stride, points } = await auxPointsThinned(runId, diagnosisId, max);
  // Names from the report once the aux run has tested them; else (imported, or still running) those seen.
  const metricNames = d.report.auxMetricNames.length ? d.report.auxMetricNames : metricNamesOf(points);
  return { metricNames, points, trivialMetrics: d.report.trivialMetrics, total, stride };
}, { permission: 'read' });

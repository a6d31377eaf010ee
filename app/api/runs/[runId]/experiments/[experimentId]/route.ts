// GET /api/runs/[runId]/experiments/[experimentId] - an experiment, its report and its calls (?logs=1: with their logs)
import { found, handle, queryOf } from '@/lib/http/handler';
import { experimentParamsSchema } from '@/lib/contracts/api/experimentSchemas';
import { getExperiment, listCalls } from '@/lib/db/experiments';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; experimentId: string }>(async (req, params) => {
  const { runId, experimentId } = experimentParamsSchema.parse(params);
  const experiment = found(await getExperiment(runId, experimentId), 'experiment');
  return { experiment, calls: await listCalls(experimentId, { logs: queryOf(req).logs === '1' }) };
}, { permission: 'read' });

// GET /api/runs/[runId]/points?metric= - every program's value of a metric as columns {seq, iteration, value, valid, id}
import { ApiError, found, handle, queryOf } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { metricQuerySchema, resolveMetric } from '@/lib/api/points';
import { getRunMetricInfo, getRunPointsJson } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const query = metricQuerySchema.parse(queryOf(req));
  const run = found(await getRunMetricInfo(runId), 'run');
  const picked = resolveMetric(run, query.metric);
  if ('error' in picked) throw new ApiError(400, picked.error);
  const json = await getRunPointsJson(runId, picked.metric, picked.metric === run.scoreMetric);
  return new Response(json, { headers: { 'content-type': 'application/json' } });
}, { permission: 'read' });

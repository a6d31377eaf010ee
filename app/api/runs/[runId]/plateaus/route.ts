// GET /api/runs/[runId]/plateaus?k=5&metric= - stretches of >= k generations without a best-so-far improvement, with their budget
import { ApiError, found, handle, queryOf } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { plateausQuerySchema, type PlateausResponse } from '@/lib/api/plateaus';
import { resolveMetric } from '@/lib/api/points';
import { PLATEAU_DEFINITION } from '@/lib/analysis/plateaus';
import { getRunPlateaus } from '@/lib/db/plateaus';
import { getRunMetricInfo } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const query = plateausQuerySchema.parse(queryOf(req));
  const run = found(await getRunMetricInfo(runId), 'run');
  const picked = resolveMetric(run, query.metric);
  if ('error' in picked) throw new ApiError(400, picked.error);
  const a = await getRunPlateaus(runId, picked.metric, picked.metric === run.scoreMetric, query.k, run.higherIsBetter);
  const body: PlateausResponse = { ...a, metric: picked.metric, definition: PLATEAU_DEFINITION };
  return Response.json(body);
}, { permission: 'read' });

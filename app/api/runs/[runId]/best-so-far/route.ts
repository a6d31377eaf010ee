// GET /api/runs/[runId]/best-so-far?metric= - the stored best-so-far analysis; 202 {pending:true} until the worker has computed it; cached per version (ETag, 304), packed with &enc=gzip
import { analysisResponse } from '@/lib/http/analysisResponse';
import { ApiError, found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { metricQuerySchema, resolveMetric } from '@/lib/contracts/api/points';
import { getBestSoFar } from '@/lib/db/analyses';
import { getRunMetricInfo } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const query = metricQuerySchema.parse(queryOf(req));
  const picked = resolveMetric(found(await getRunMetricInfo(runId), 'run'), query.metric);
  if ('error' in picked) throw new ApiError(400, picked.error);
  const res = await analysisResponse(req, runId, `best-so-far:${picked.metric}`, () => getBestSoFar(runId, picked.metric));
  return res ?? Response.json({ pending: true, metric: picked.metric }, { status: 202 });
}, { permission: 'read' });

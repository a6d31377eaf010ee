// GET /api/runs/[runId]/points?metric=[&enc=gzip] - every program's value of a metric as columns {seq, iteration, value, valid, id}; cached per run version (ETag, 304), packed with ?enc=gzip
import { ApiError, found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { metricQuerySchema, resolveMetric } from '@/lib/contracts/api/points';
import { getRunPointsJson } from '@/lib/db/runs';
import { runPointsInfo } from '@/lib/db/runVersion';
import { versionedResponse } from '@/lib/http/versionedBody';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const query = metricQuerySchema.parse(queryOf(req));
  const run = found(await runPointsInfo(runId), 'run');
  const picked = resolveMetric(run, query.metric);
  if ('error' in picked) throw new ApiError(400, picked.error);
  const primary = picked.metric === run.scoreMetric;
  return found(
    await versionedResponse(req, {
      key: `points:${runId}:${picked.metric}`,
      version: `${run.version}.${primary ? 'p' : 'm'}`,
      build: () => getRunPointsJson(runId, picked.metric, primary),
    }),
    'run',
  );
}, { permission: 'read' });

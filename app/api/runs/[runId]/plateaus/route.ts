// GET /api/runs/[runId]/plateaus?k=5&metric= - stretches of >= k generations without a best-so-far improvement, with their budget; cached per run version (ETag, 304), packed with &enc=gzip
import { ApiError, found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { plateausQuerySchema, type PlateausResponse } from '@/lib/contracts/api/plateaus';
import { resolveMetric } from '@/lib/contracts/api/points';
import { PLATEAU_DEFINITION } from '@/lib/analysis/plateaus';
import { getRunPlateaus } from '@/lib/db/plateaus';
import { runPointsInfo } from '@/lib/db/runVersion';
import { versionedResponse } from '@/lib/http/versionedBody';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const query = plateausQuerySchema.parse(queryOf(req));
  const run = found(await runPointsInfo(runId), 'run');
  const picked = resolveMetric(run, query.metric);
  if ('error' in picked) throw new ApiError(400, picked.error);
  // Computed from every program, its prompts' cost and the search's counters: all written only
  // by import and live appends, which change the run's version.
  return found(
    await versionedResponse(req, {
      key: `plateaus:${runId}:${picked.metric}:${query.k}`,
      version: run.version,
      build: async () => {
        const a = await getRunPlateaus(runId, picked.metric, picked.metric === run.scoreMetric, query.k, run.higherIsBetter);
        const body: PlateausResponse = { ...a, metric: picked.metric, definition: PLATEAU_DEFINITION };
        return JSON.stringify(body);
      },
    }),
    'run',
  );
}, { permission: 'read' });

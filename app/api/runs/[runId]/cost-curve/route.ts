// GET /api/runs/[runId]/cost-curve[?enc=gzip] - cumulative LLM cost, columnar: by iteration from the search's counters, else by program seq from its stored prompts; cached per run version (ETag, 304), packed with ?enc=gzip
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getCostCurve } from '@/lib/db/costCurve';
import { runPointsInfo } from '@/lib/db/runVersion';
import { versionedResponse } from '@/lib/http/versionedBody';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const run = found(await runPointsInfo(runId), 'run');
  // Built from the run's prompts and search counters: written only by import and live appends
  // (appendPrograms, appendLiveSearchState), which change the run's version.
  return found(
    await versionedResponse(req, {
      key: `cost-curve:${runId}`,
      version: run.version,
      build: async () => {
        const curve = await getCostCurve(runId);
        return curve === null ? null : JSON.stringify(curve);
      },
    }),
    'run',
  );
}, { permission: 'read' });

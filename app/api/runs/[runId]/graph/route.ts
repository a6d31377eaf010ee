// GET /api/runs/[runId]/graph[?only=lineage][&enc=gzip] - the whole parent -> child graph as columns (+ stored lineage facts), or just those facts; cached per run version (ETag, 304), packed with ?enc=gzip
import { graphQuerySchema } from '@/lib/contracts/api/graph';
import { found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getRunGraphJson, getRunGraphLineageJson } from '@/lib/db/graph';
import { runGraphVersion } from '@/lib/db/runVersion';
import { versionedResponse } from '@/lib/http/versionedBody';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { only } = graphQuerySchema.parse(queryOf(req));
  const version = found(await runGraphVersion(runId), 'run');
  const lineage = only === 'lineage';
  return found(
    await versionedResponse(req, {
      key: `graph:${runId}${lineage ? ':lineage' : ''}`,
      version,
      build: () => (lineage ? getRunGraphLineageJson(runId) : getRunGraphJson(runId)),
    }),
    'run',
  );
}, { permission: 'read' });

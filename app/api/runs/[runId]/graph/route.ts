// GET /api/runs/[runId]/graph - the whole parent -> child graph as columns (+ stored lineage facts); ?only=lineage for just those
import { graphQuerySchema } from '@/lib/api/graph';
import { found, handle, queryOf } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { getRunGraphJson, getRunGraphLineageJson } from '@/lib/db/graph';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { only } = graphQuerySchema.parse(queryOf(req));
  const json = found(only === 'lineage' ? await getRunGraphLineageJson(runId) : await getRunGraphJson(runId), 'run');
  return new Response(json, { headers: { 'content-type': 'application/json' } });
}, { permission: 'read' });

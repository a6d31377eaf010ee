// GET /api/runs/[runId]/search-state - the search's own state: database config, what the source
// lacks, island lanes per snapshot (size, best score), resets and migrations, counters over time
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { searchStateResponseSchema } from '@/lib/contracts/api/searchStateSchemas';
import { getSearchState } from '@/lib/db/searchState';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return searchStateResponseSchema.parse(found(await getSearchState(runId), 'run'));
}, { permission: 'read' });

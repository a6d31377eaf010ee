// GET /api/runs/[runId]/search-state/snapshots/[seq] - one snapshot's islands whole: members,
// clusters with their scores_per_test, feature maps, per-island counters, and program ids
import { found, handle } from '@/lib/http/handler';
import { snapshotParamsSchema, snapshotResponseSchema } from '@/lib/contracts/api/searchStateSchemas';
import { getSearchSnapshot } from '@/lib/db/searchState';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; seq: string }>(async (_req, params) => {
  const { runId, seq } = snapshotParamsSchema.parse(params);
  return snapshotResponseSchema.parse(found(await getSearchSnapshot(runId, seq), 'snapshot'));
}, { permission: 'read' });

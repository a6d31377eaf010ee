// GET /api/runs/[runId]/replays - per replayed program its latest replay's figures per variant, and the run's median ratio per variant
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { listReplays } from '@/lib/db/replayLists';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  found(await getRun(runId), 'run');
  return listReplays(runId);
}, { permission: 'read' });

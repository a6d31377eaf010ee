// GET /api/runs/[runId]/replay-targets?limit=&offset= - programs with a stored prompt, best-so-far events first, then by score
import { found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { replayTargetsQuery } from '@/lib/contracts/api/replaySchemas';
import { listReplayTargets } from '@/lib/db/replayLists';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const q = replayTargetsQuery.parse(queryOf(req));
  found(await getRun(runId), 'run');
  return listReplayTargets(runId, q);
}, { permission: 'read' });

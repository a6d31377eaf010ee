// GET /api/runs/[runId]/board - the run's breakthrough review board: its best-so-far edits with
// score jump, judge labels, human labels, review status and comment count (lib/db/board.ts)
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getBoard } from '@/lib/db/board';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getBoard(runId), 'run');
}, { permission: 'read' });

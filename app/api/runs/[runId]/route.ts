// GET /api/runs/[runId] - one run with its headline figures and metric keys
import { found, handle } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getRun(runId), 'run');
});

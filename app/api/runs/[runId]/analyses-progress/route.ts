// GET /api/runs/[runId]/analyses-progress - the run's analyses job while it runs ("analyses: cycling done, complexity 40 %") and whether its reports are due
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getAnalysesProgress } from '@/lib/db/analysesProgress';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getAnalysesProgress(runId), 'run');
}, { permission: 'read' });

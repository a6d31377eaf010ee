// POST /api/ingest/runs/[runId]/finish - the search ended: the run stops accepting programs
import { ApiError, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { finishLiveRun } from '@/lib/db/appendPrograms';
import { enqueueRunAnalyses } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  if (!(await finishLiveRun(runId))) throw new ApiError(409, 'run not found or not live');
  await enqueueRunAnalyses(runId);
  return { runId, status: 'ready' };
}, { permission: 'ingest' });

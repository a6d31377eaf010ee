// GET /api/runs/[runId]/cost-curve - cumulative LLM cost, columnar: by iteration from the search's counters, else by program seq from its stored prompts
import { found, handle } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { getCostCurve } from '@/lib/db/costCurve';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getCostCurve(runId), 'run');
}, { permission: 'read' });

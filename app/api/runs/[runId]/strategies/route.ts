// GET /api/runs/[runId]/strategies - the run's EvoX search strategies with their code, score, is_new_best, fallback and active span
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import type { RunStrategies } from '@/lib/contracts/api/strategies';
import { runStrategiesOf } from '@/lib/db/strategies';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found<RunStrategies>(await runStrategiesOf(runId), 'run');
}, { permission: 'read' });

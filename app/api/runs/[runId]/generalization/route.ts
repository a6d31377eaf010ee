// GET /api/runs/[runId]/generalization?format=json|csv - public vs private scores along the run's
// best-so-far chain, the per-step changes, the run's verdict, its evaluator and latest batch
import { found, handle, queryOf } from '@/lib/http/handler';
import { formatQuerySchema, stepsCsv } from '@/lib/contracts/api/generalization';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getRunGeneralization } from '@/lib/db/generalization';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { format } = formatQuerySchema.parse(queryOf(req));
  const g = found(await getRunGeneralization(runId), 'run');
  if (format === 'json') return g;
  return new Response(stepsCsv(g.result.steps), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="generalization-${runId.slice(0, 8)}.csv"` },
  });
}, { permission: 'read' });

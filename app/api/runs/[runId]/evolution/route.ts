// GET /api/runs/[runId]/evolution - the stored evolution report (complexity over iterations, lineage shape); 202 {pending:true} until computed
import { found, handle } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { ANALYSIS, type EvolutionReport } from '@/lib/analysis/reportTypes';
import { getAnalysis } from '@/lib/db/analyses';
import { runExists } from '@/lib/db/cyclingReports';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const report = await getAnalysis<EvolutionReport>(runId, ANALYSIS.evolution, '');
  if (report) return report;
  found((await runExists(runId)) || null, 'run');
  return Response.json({ pending: true }, { status: 202 });
}, { permission: 'read' });

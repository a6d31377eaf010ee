// GET /api/runs/[runId]/evolution - the stored evolution report (complexity over iterations, lineage shape); 202 {pending:true} until computed; cached per version (ETag, 304), packed with ?enc=gzip
import { analysisResponse } from '@/lib/http/analysisResponse';
import { handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { ANALYSIS, type EvolutionReport } from '@/lib/analysis/reportTypes';
import { getAnalysis } from '@/lib/db/analyses';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const res = await analysisResponse(req, runId, 'evolution', () => getAnalysis<EvolutionReport>(runId, ANALYSIS.evolution, ''));
  return res ?? Response.json({ pending: true }, { status: 202 });
}, { permission: 'read' });

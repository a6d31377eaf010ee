// GET /api/generalization?table=verdicts|counts&format=json|csv - the paper's Tables 11 (task x
// framework verdicts) and 12 (verdict counts per framework) over every run with a private re-scoring
import { handle, queryOf } from '@/lib/http/handler';
import { crossRunQuerySchema } from '@/lib/contracts/api/generalization';
import { countsCsv, frameworkCounts, verdictsCsv } from '@/lib/analysis/generalizationTables';
import { listRunVerdicts } from '@/lib/db/generalization';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  const { format, table } = crossRunQuerySchema.parse(queryOf(req));
  const runs = await listRunVerdicts();
  if (format === 'json') return table === 'verdicts' ? { runs } : { counts: frameworkCounts(runs) };
  const name = table === 'verdicts' ? 'generalization-verdicts.csv' : 'generalization-counts.csv';
  return new Response(table === 'verdicts' ? verdictsCsv(runs) : countsCsv(runs), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` },
  });
}, { permission: 'read' });

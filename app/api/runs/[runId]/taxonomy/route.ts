// GET /api/runs/[runId]/taxonomy?judge=K - the run's judges and one judge's label statistics
// (prevalence, odds ratios, enrichment, stages, co-occurrence); the offline judge by default
import { found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { runTaxonomyQuerySchema } from '@/lib/contracts/api/taxonomySchemas';
import { runTaxonomy } from '@/lib/db/taxonomy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { judge } = runTaxonomyQuerySchema.parse(queryOf(req));
  return found(await runTaxonomy(runId, judge), 'run');
}, { permission: 'read' });

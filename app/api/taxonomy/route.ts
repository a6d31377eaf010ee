// GET /api/taxonomy?runs=a,b&judge=K - label statistics pooled over several runs (the compare page)
import { ApiError, handle, queryOf } from '@/lib/http/handler';
import { pooledTaxonomyQuerySchema } from '@/lib/contracts/api/taxonomySchemas';
import { pooledTaxonomy, UnknownRunsError } from '@/lib/db/taxonomy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => {
  const { runs, judge } = pooledTaxonomyQuerySchema.parse(queryOf(req));
  return pooledTaxonomy(runs, judge).catch((e: unknown) => {
    if (e instanceof UnknownRunsError) throw new ApiError(404, e.message);
    throw e;
  });
}, { permission: 'read' });

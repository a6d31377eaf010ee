// GET /api/runs/[runId]/duplicates - programs that behave alike (same output hash, per-test
// outputs or scores_per_test) though their code differs, and the budget behavioural and textual
// duplicates took; cached per version of the run's analyses (ETag, 304), packed with ?enc=gzip
import { analysisResponse } from '@/lib/http/analysisResponse';
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getRunDuplicates } from '@/lib/db/duplicates';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await analysisResponse(req, runId, 'duplicates', () => getRunDuplicates(runId)), 'run');
}, { permission: 'read' });

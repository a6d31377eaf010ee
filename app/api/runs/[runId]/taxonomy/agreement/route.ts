// GET /api/runs/[runId]/taxonomy/agreement?a=K1&b=K2 - agreement of two judges on the edits both judged (a: reference)
import { found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { agreementQuerySchema } from '@/lib/contracts/api/taxonomySchemas';
import { judgeAgreement } from '@/lib/db/taxonomy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { a, b } = agreementQuerySchema.parse(queryOf(req));
  return found(await judgeAgreement(runId, a, b), 'run');
}, { permission: 'read' });

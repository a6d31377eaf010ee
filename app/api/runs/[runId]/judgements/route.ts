// GET /api/runs/[runId]/judgements?judge=&label=&sort=&cursor= - one page of a judge's judgements
// (a label's edits with score change and rationale); &format=labels - per-program label bitmasks
// for colouring the lineage
import { ApiError, found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { judgementsQuerySchema } from '@/lib/contracts/api/taxonomySchemas';
import { OFFLINE_JUDGE_KEY } from '@/lib/contracts/taxonomyTypes';
import { BadCursorError, judgementsPage } from '@/lib/db/judgementPages';
import { programLabelMasks } from '@/lib/db/judgements';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const q = judgementsQuerySchema.parse(queryOf(req));
  const judge = q.judge ?? OFFLINE_JUDGE_KEY;
  if (q.format === 'labels') {
    found(await getRun(runId), 'run');
    return programLabelMasks(runId, judge);
  }
  const page = await judgementsPage(runId, { judge, label: q.label, sort: q.sort, limit: q.limit, cursor: q.cursor }).catch((e: unknown) => {
    if (e instanceof BadCursorError) throw new ApiError(400, e.message);
    throw e;
  });
  return found(page, 'run');
}, { permission: 'read' });

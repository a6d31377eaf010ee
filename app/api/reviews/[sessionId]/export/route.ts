// GET /api/reviews/[sessionId]/export?reviewer=R - one reviewer's labelling as JSONL in
// EvoReplay's gold shape (run, child_id, parent_id, labels, note, diff). Hidden from a reviewer
// of the session who has not finished (lib/http/reviewAccess.ts).
import { z } from 'zod';
import { ApiError, handle, queryOf } from '@/lib/http/handler';
import { exportGold } from '@/lib/db/reviewLabels';
import { refuseWhileReviewing, sessionOr404 } from '@/lib/http/reviewAccess';
import { toJsonl } from '@/lib/review/gold';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ reviewer: z.string().trim().min(1, 'say whose labels: ?reviewer=<user id or local>').max(200) });

export const GET = handle(async (req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const { reviewer } = querySchema.parse(queryOf(req));
  const session = await sessionOr404(sessionId);
  if (!session.reviewers.some((r) => r.reviewer === reviewer)) throw new ApiError(404, `"${reviewer}" is not a reviewer of this session`);
  await refuseWhileReviewing(actor, session);
  const slug = `${session.name}-${reviewer}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'review';
  return new Response(toJsonl(await exportGold(sessionId, reviewer)), {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'content-disposition': `attachment; filename="${slug}.gold.jsonl"` },
  });
}, { permission: 'read' });

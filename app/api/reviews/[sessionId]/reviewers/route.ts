// POST /api/reviews/[sessionId]/reviewers {reviewers: [...]} - assign more reviewers to a session
// (users; 'local' on the single-user workbench). Each starts at the first item.
import { z } from 'zod';
import { handle, jsonBody } from '@/lib/http/handler';
import { audit } from '@/lib/db/audit';
import { assignReviewers, getReviewSession } from '@/lib/db/reviews';
import { checkReviewers, sessionOr404 } from '@/lib/http/reviewAccess';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const bodySchema = z.object({ reviewers: z.array(z.string().trim().min(1).max(200)).min(1, 'name at least one reviewer').max(100) });

export const POST = handle(async (req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const { reviewers } = bodySchema.parse(await jsonBody(req));
  await sessionOr404(sessionId);
  await checkReviewers([...new Set(reviewers)], actor.kind === 'local');
  const added = await assignReviewers(sessionId, [...new Set(reviewers)]);
  if (added) await audit(actor, 'review.assign', { kind: 'review-session', id: sessionId }, { reviewers });
  return { added, session: await getReviewSession(sessionId) };
}, { permission: 'review-admin' });

// GET /api/reviews/[sessionId] - the session, its reviewers' progress, and for the caller where
// to resume (their first item with nothing saved). No labels: those are the agreement page's.
// DELETE - the session with its items and everyone's labels (audited); its creator or an owner only.
import { ApiError, handle } from '@/lib/http/handler';
import { audit } from '@/lib/db/audit';
import { deleteReviewSession, nextUnlabelled } from '@/lib/db/reviews';
import { refuseUnlessCreatorOrOwner, sessionOr404 } from '@/lib/http/reviewAccess';
import { LOCAL_REVIEWER } from '@/lib/review/reviewer';
import { actorUser } from '@/lib/contracts/permissions';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (_req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const session = await sessionOr404(sessionId);
  const reviewer = actor.kind === 'local' ? LOCAL_REVIEWER : actorUser(actor)?.id ?? null;
  const assigned = reviewer !== null && session.reviewers.some((r) => r.reviewer === reviewer);
  return { session, me: { reviewer, assigned, next: assigned ? await nextUnlabelled(sessionId, reviewer!) : null } };
}, { permission: 'read' });

export const DELETE = handle(async (_req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const session = await sessionOr404(sessionId);
  refuseUnlessCreatorOrOwner(actor, session);
  if (!(await deleteReviewSession(sessionId))) throw new ApiError(404, 'review session not found');
  await audit(actor, 'review.delete', { kind: 'review-session', id: sessionId }, { name: session.name, items: session.items, reviewers: session.reviewers });
  return { deleted: true };
}, { permission: 'review-admin' });

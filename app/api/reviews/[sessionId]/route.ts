// GET /api/reviews/[sessionId] - the session, its reviewers' progress, and for the caller where
// to resume (their first item with nothing saved). No labels: those are the agreement page's.
import { handle } from '@/lib/api/handler';
import { nextUnlabelled } from '@/lib/db/reviews';
import { sessionOr404 } from '@/lib/review/access';
import { LOCAL_REVIEWER } from '@/lib/review/reviewer';
import { actorUser } from '@/lib/auth/permissions';
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

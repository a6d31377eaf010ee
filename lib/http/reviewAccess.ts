// Checks the review routes share: the session exists, the caller is one of its reviewers, and
// (blindness) an assigned reviewer sees nobody's labels before finishing their own.
import { ApiError } from './handler';
import { actorUser, can, type Actor } from '../contracts/permissions';
import { getReviewSession, isAssigned, nextUnlabelled, unknownUsers } from '../db/reviews';
import type { ReviewSessionInfo } from '../review/sessionTypes';
import { LOCAL_REVIEWER, reviewerOf } from '../review/reviewer';

export async function sessionOr404(sessionId: string): Promise<ReviewSessionInfo> {
  const s = await getReviewSession(sessionId);
  if (!s) throw new ApiError(404, 'review session not found');
  return s;
}

/**
 * Deleting a session takes everyone's labels with it: its creator or an owner (permission
 * 'users', as for comments) only; the single-user workbench is its own owner.
 */
export function refuseUnlessCreatorOrOwner(actor: Actor, session: ReviewSessionInfo): void {
  const me = actorUser(actor);
  if (can(actor, 'users') || (me !== null && session.createdBy === me.id)) return;
  throw new ApiError(403, 'only its creator or an owner may delete a review session');
}

/** The caller's reviewer key, refused with 403 unless assigned to the session. */
export async function assignedReviewer(actor: Actor, sessionId: string): Promise<string> {
  const reviewer = reviewerOf(actor);
  if (!(await isAssigned(sessionId, reviewer))) throw new ApiError(403, 'you are not a reviewer of this review session');
  return reviewer;
}

/**
 * Labels (human or judge) are shown only to those who cannot be biased by them any more: anyone
 * not reviewing the session, or a reviewer who has finished (every item labelled or skipped).
 */
export async function refuseWhileReviewing(actor: Actor, session: ReviewSessionInfo): Promise<void> {
  if (actor.kind === 'share') throw new ApiError(403, 'a share link cannot see review labels');
  const reviewer = reviewerOf(actor);
  const mine = session.reviewers.find((r) => r.reviewer === reviewer);
  if (!mine) return;
  if ((await nextUnlabelled(session.id, reviewer)) !== null) {
    const left = session.items - mine.labelled - mine.skipped;
    throw new ApiError(403, `finish your own labelling first (${left} of ${session.items} edits left): the labels stay hidden until then`);
  }
}

/** Reviewers one may assign: 'local' alone on the single-user workbench, else enabled users. */
export async function checkReviewers(reviewers: string[], singleUser: boolean): Promise<void> {
  const users = reviewers.filter((r) => r !== LOCAL_REVIEWER);
  if (!singleUser && reviewers.includes(LOCAL_REVIEWER)) throw new ApiError(400, `reviewer "${LOCAL_REVIEWER}" exists only on the single-user workbench`);
  if (singleUser && users.length) throw new ApiError(400, `on the single-user workbench the only reviewer is "${LOCAL_REVIEWER}"`);
  const unknown = await unknownUsers(users);
  if (unknown.length) throw new ApiError(400, `unknown or disabled reviewer${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
}

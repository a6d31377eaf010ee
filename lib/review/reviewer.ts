// Who labels: a signed-in user (or their token) by user id, the single-user workbench as 'local'.
import { ApiError } from '../contracts/apiError';
import { actorUser, type Actor } from '../contracts/permissions';

export const LOCAL_REVIEWER = 'local';

/** An imported labelling made outside Evoscope (EvoReplay's gold file, a colleague without an account). */
export const GOLD_REVIEWER = /^gold:[A-Za-z0-9._ -]{1,80}$/;

export function reviewerOf(actor: Actor): string {
  if (actor.kind === 'local') return LOCAL_REVIEWER;
  const user = actorUser(actor);
  if (!user) throw new ApiError(403, 'a share link cannot label edits: sign in');
  return user.id;
}

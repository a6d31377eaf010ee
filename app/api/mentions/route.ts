// GET /api/mentions?unread=1 - comments that @mention the signed-in user, newest first, with the
// unread count. On the single-user workbench there is nobody to mention: an empty list, singleUser.
import { handle, queryOf } from '@/lib/http/handler';
import { actorUser } from '@/lib/contracts/permissions';
import { listMentions, unreadMentionCount } from '@/lib/db/comments';
import { z } from 'zod';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ unread: z.enum(['0', '1']).optional() });

export const GET = handle(async (req, _params, { actor }) => {
  const { unread } = querySchema.parse(queryOf(req));
  const me = actorUser(actor);
  if (!me) return { singleUser: actor.kind === 'local', unread: 0, mentions: [] };
  const [mentions, count] = await Promise.all([listMentions(actor, me.id, { unreadOnly: unread === '1' }), unreadMentionCount(me.id)]);
  return { singleUser: false, unread: count, mentions };
}, { permission: 'account' });

// POST /api/mentions/read - mark the signed-in user's mentions read ({ commentIds: [...] } or { all: true })
import { handle, jsonBody } from '@/lib/http/handler';
import { uuidSchema } from '@/lib/contracts/api/params';
import { actorUser } from '@/lib/contracts/permissions';
import { markMentionsRead, unreadMentionCount } from '@/lib/db/comments';
import { z } from 'zod';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const bodySchema = z.union([z.object({ commentIds: z.array(uuidSchema('comment id')).max(500) }), z.object({ all: z.literal(true) })]);

export const POST = handle(async (req, _params, { actor }) => {
  const body = bodySchema.parse(await jsonBody(req));
  const me = actorUser(actor);
  if (!me) return { marked: 0, unread: 0 };
  const marked = await markMentionsRead(me.id, 'all' in body ? 'all' : body.commentIds);
  return { marked, unread: await unreadMentionCount(me.id) };
}, { permission: 'account' });

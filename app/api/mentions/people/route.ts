// GET /api/mentions/people - the accounts a comment may @mention (enabled users: id, name,
// e-mail), for the comment box's autocomplete. Empty on the single-user workbench.
import { handle } from '@/lib/http/handler';
import { mentionableUsers } from '@/lib/db/comments';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => ({ users: await mentionableUsers() }), { permission: 'comment' });

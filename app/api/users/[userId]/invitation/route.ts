// POST /api/users/[userId]/invitation - a fresh invitation link to set the account's password (the previous link stops working)
import { handle } from '@/lib/http/handler';
import { reinvite } from '@/lib/services/accounts/users';
import { requestOrigin } from '@/lib/http/origin';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ userId: string }>(async (req, { userId }, { actor }) => {
  return { inviteUrl: `${requestOrigin(req)}/invite/${await reinvite(userId, actor)}` };
}, { permission: 'users' });

// GET /api/users - every account (owners only); POST /api/users - create one ({ email, name?, role, password? }; without a password: an invitation link, shown once)
import { handle, jsonBody } from '@/lib/http/handler';
import { createUser, listUsers, newUserSchema } from '@/lib/services/accounts/users';
import { requestOrigin } from '@/lib/http/origin';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => ({ users: await listUsers() }), { permission: 'users' });

export const POST = handle(async (req, _params, { actor }) => {
  const { user, inviteSecret } = await createUser(newUserSchema.parse(await jsonBody(req)), actor);
  return Response.json({ user, inviteUrl: inviteSecret ? `${requestOrigin(req)}/invite/${inviteSecret}` : null }, { status: 201 });
}, { permission: 'users' });

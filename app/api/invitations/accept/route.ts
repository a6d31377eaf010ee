// POST /api/invitations/accept - an invited user sets a password ({ token, password }); then signs in on /sign-in
import { z } from 'zod';
import { handle, jsonBody } from '@/lib/http/handler';
import { acceptInvitation } from '@/lib/services/accounts/users';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const acceptSchema = z.object({ token: z.string().min(1).max(200), password: z.string() });

// Public: the secret in the body is the credential (a foreign page cannot know it, and the
// cross-site check in handle() applies as everywhere).
export const POST = handle(async (req) => {
  const { token, password } = acceptSchema.parse(await jsonBody(req));
  const user = await acceptInvitation(token, password);
  return { email: user.email };
}, { permission: 'public' });

// GET /api/tokens - the signed-in user's personal API tokens (prefixes, never secrets); POST /api/tokens - create one ({ name, scopes }): the secret is in this answer only
import { handle, jsonBody } from '@/lib/http/handler';
import { actorUser } from '@/lib/contracts/permissions';
import { createApiToken, listApiTokens } from '@/lib/db/apiTokens';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (_req, _params, { actor }) => {
  const user = actorUser(actor);
  return { tokens: user && actor.kind === 'user' ? await listApiTokens(user.id) : [] };
}, { permission: 'account' });

export const POST = handle(async (req, _params, { actor }) => Response.json(await createApiToken(actor, await jsonBody(req)), { status: 201 }), {
  permission: 'account',
});

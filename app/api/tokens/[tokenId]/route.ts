// DELETE /api/tokens/[tokenId] - revoke a personal API token (yours; an owner may revoke anyone's)
import { handle } from '@/lib/http/handler';
import { revokeApiToken } from '@/lib/db/apiTokens';
import { uuidSchema } from '@/lib/contracts/api/params';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = handle<{ tokenId: string }>(async (_req, { tokenId }, { actor }) => ({ token: await revokeApiToken(actor, uuidSchema('API token id').parse(tokenId)) }), {
  permission: 'account',
});

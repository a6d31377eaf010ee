// Personal API tokens (table api_tokens): created with a name and scopes, the secret shown once
// and stored as its sha256; listed by prefix; revoked by their owner (or by an owner-role user).
// lib/http/auth/actor.ts turns a presented secret back into an actor.
import { z } from 'zod';
import { ApiError } from '../contracts/apiError';
import { actorUser, can, tokenScopeSchema, type Actor, type TokenScope } from '../contracts/permissions';
import { newApiTokenSecret, sha256Hex, tokenPrefix } from '../contracts/tokens';
import { audit } from './audit';
import { prisma } from './client';
import type { ApiTokenView } from '../contracts/api/accounts';

export const newTokenSchema = z.object({
  name: z.string().trim().min(1, 'give the token a name (what uses it)').max(100),
  scopes: z.array(tokenScopeSchema).min(1, 'choose at least one scope: read, ingest, jobs').transform((s) => [...new Set(s)]),
});

type Row = { id: string; name: string; scopes: string[]; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
const view = (r: Row): ApiTokenView => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes as TokenScope[],
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

function ownerOf(actor: Actor) {
  const user = actorUser(actor);
  if (!user || actor.kind === 'token') throw new ApiError(403, 'personal API tokens are managed by a signed-in user (on /settings), not by a token or a share link');
  return user;
}

/** A new token for the signed-in user: the secret is returned once and never again. */
export async function createApiToken(actor: Actor, input: unknown): Promise<{ token: string; apiToken: ApiTokenView }> {
  const user = ownerOf(actor);
  const { name, scopes } = newTokenSchema.parse(input);
  const token = newApiTokenSecret();
  const row = await prisma().apiToken.create({ data: { userId: user.id, name, scopes, tokenHash: sha256Hex(token), prefix: tokenPrefix(token) } });
  await audit(actor, 'token.create', { kind: 'api-token', id: row.id }, { name, scopes });
  return { token, apiToken: view(row) };
}

export async function listApiTokens(userId: string): Promise<ApiTokenView[]> {
  const rows = await prisma().apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
  return rows.map(view);
}

/** Revoke one token (idempotent): its owner may, and so may an owner-role user (a leaked token). */
export async function revokeApiToken(actor: Actor, id: string): Promise<ApiTokenView> {
  const user = ownerOf(actor);
  const row = await prisma().apiToken.findUnique({ where: { id } });
  if (!row || (row.userId !== user.id && !can(actor, 'users'))) throw new ApiError(404, 'API token not found');
  if (row.revokedAt) return view(row);
  const updated = await prisma().apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
  await audit(actor, 'token.revoke', { kind: 'api-token', id }, { name: row.name, owner: row.userId });
  return view(updated);
}

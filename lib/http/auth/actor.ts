// Who is making this request (lib/contracts/permissions.ts `Actor`), read from the request:
// single-user mode -> 'local'; else a personal API token (Authorization: Bearer), a better-auth
// session cookie, or a share link (cookie set by /share/<secret>, or the x-evoscope-share header).
// Returns null when nobody is identified (the caller answers 401 or redirects to /sign-in).
import { ApiError } from '../../contracts/apiError';
import { prisma } from '../../db/client';
import { isLegacyIngestToken } from '../../db/settings';
import { getAuth } from '../../db/betterAuth';
import { authMode, type AuthMode } from './mode';
import { isRole, TOKEN_SCOPES, type Actor, type Permission, type TokenScope } from '../../contracts/permissions';
import { bearerOf, sha256Hex } from '../../contracts/tokens';

export const SHARE_COOKIE = 'evoscope_share';
export const SHARE_HEADER = 'x-evoscope-share';

/** Whether at least one account exists (then sign-in is required everywhere). */
export async function accountsExist(): Promise<boolean> {
  return (await prisma().user.findFirst({ select: { id: true } })) !== null;
}

export async function currentMode(): Promise<AuthMode> {
  return authMode(await accountsExist());
}

const BAD_TOKEN = 'this API token is not valid: it was revoked, or its account was disabled, or it never existed (create one on /settings)';

/** The actor behind a personal API token, or null when the secret matches none that is usable. */
export async function tokenActor(secret: string): Promise<Actor | null> {
  const row = await prisma().apiToken.findUnique({ where: { tokenHash: sha256Hex(secret) }, include: { user: true } });
  if (!row || row.revokedAt || row.user.disabled || !isRole(row.user.role)) return null;
  // Last use to the minute is plenty, and spares a write per ingestion batch.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await prisma().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  const scopes = row.scopes.filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));
  return { kind: 'token', user: { id: row.user.id, email: row.user.email, name: row.user.name }, role: row.user.role, scopes, tokenId: row.id };
}

const hasSessionCookie = (headers: Headers) => /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(headers.get('cookie') ?? '');

/** The actor of a browser session (better-auth cookie), or null (none, expired, disabled user). */
export async function sessionActor(headers: Headers): Promise<Actor | null> {
  if (!hasSessionCookie(headers)) return null;
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const user = await prisma().user.findUnique({ where: { id: found.user.id } });
  if (!user || user.disabled || !isRole(user.role)) return null;
  return { kind: 'user', user: { id: user.id, email: user.email, name: user.name }, role: user.role };
}

function cookieValue(headers: Headers, name: string): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The actor of a share link secret, or null (unknown, revoked, expired). */
export async function shareActor(secret: string): Promise<Actor | null> {
  const link = await prisma().shareLink.findUnique({ where: { tokenHash: sha256Hex(secret) } });
  if (!link || link.revokedAt || link.expiresAt.getTime() <= Date.now()) return null;
  return { kind: 'share', runId: link.runId, shareLinkId: link.id };
}

/**
 * Resolve the actor for a request needing `permission`. 'ingest' is bearer-only in every mode:
 * ingestion routes skip the cross-site Origin check (scripts send no Origin), so a browser's
 * cookies must never be enough there. Throws 401 for a bearer token that is not valid (rather
 * than falling back to a cookie: a script with a revoked token should hear so).
 */
export async function resolveActor(req: Request, permission: Permission): Promise<Actor | null> {
  const bearer = bearerOf(req.headers.get('authorization'));
  const mode = await currentMode();
  if (mode === 'single-user') {
    if (permission !== 'ingest') return { kind: 'local' };
    // Today's behaviour, unchanged: ingestion needs the instance's ingestion token (/settings).
    if (bearer && (await isLegacyIngestToken(bearer))) return { kind: 'local' };
    throw new ApiError(401, 'missing or wrong bearer token: send "Authorization: Bearer <token>" (see /settings)');
  }
  if (bearer) {
    const actor = await tokenActor(bearer);
    if (!actor) throw new ApiError(401, BAD_TOKEN);
    return actor;
  }
  if (permission === 'ingest') return null;
  const session = await sessionActor(req.headers);
  if (session) return session;
  const share = req.headers.get(SHARE_HEADER) ?? cookieValue(req.headers, SHARE_COOKIE);
  const shared = share ? await shareActor(share) : null;
  if (shared) return shared;
  // Say why a browser that was signed in is not any more (rather than a bare "sign in first").
  if (hasSessionCookie(req.headers)) throw new ApiError(401, 'your session has expired or was signed out (or the account disabled): sign in again');
  if (share) throw new ApiError(401, 'this share link is not valid: it was revoked, or it expired');
  return null;
}

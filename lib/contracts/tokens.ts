// Secrets handed out once (personal API tokens, share links) and stored only as their sha256:
// a leaked database does not leak a usable token. Pure.
import crypto from 'node:crypto';

/** `evo_` + 32 random bytes (base64url): unguessable, recognisable in logs and secret scanners. */
export const newApiTokenSecret = () => `evo_${crypto.randomBytes(32).toString('base64url')}`;
export const newShareSecret = () => `evs_${crypto.randomBytes(32).toString('base64url')}`;

export const sha256Hex = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

/** What lists show of a token: enough to recognise it, too little to use it. */
export const tokenPrefix = (secret: string) => secret.slice(0, 10);

/** The bearer secret of an Authorization header, or null. */
export function bearerOf(authorization: string | null): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m ? m[1] : null;
}

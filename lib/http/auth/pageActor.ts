// The actor of the page being rendered (server components): 'local' in single-user mode, else
// the session's user or the share link (proxy.ts already turned everyone else away).
import { cookies, headers } from 'next/headers';
import { currentMode, SHARE_COOKIE, sessionActor, shareActor } from './actor';
import type { Actor } from '../../contracts/permissions';

export async function pageActor(): Promise<Actor | null> {
  if ((await currentMode()) === 'single-user') return { kind: 'local' };
  const session = await sessionActor(await headers());
  if (session) return session;
  const secret = (await cookies()).get(SHARE_COOKIE)?.value;
  return secret ? shareActor(secret) : null;
}

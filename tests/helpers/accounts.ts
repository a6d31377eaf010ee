// Accounts for database tests: an owner, a member and a viewer with passwords, each signed in
// through better-auth's real route (a session cookie), plus personal API tokens of each scope.
// Tests run one file at a time against one database, and every other file expects the
// single-user mode (no account): `removeAccounts()` in afterAll puts the database back.
import { NextRequest } from 'next/server';
import { POST as authPost } from '../../app/api/auth/[...all]/route';
import { CLI_ACTOR } from '../../lib/db/audit';
import { pool } from '../../lib/db/client';
import { createApiToken } from '../../lib/db/apiTokens';
import type { Actor, Role, TokenScope } from '../../lib/contracts/permissions';
import { createUser } from '../../lib/services/accounts/users';
import type { UserView } from '../../lib/contracts/api/accounts';

export const PASSWORD = 'correct horse battery';

export interface TestAccount {
  user: UserView;
  /** `Cookie` header value of a signed-in session. */
  cookie: string;
}

export interface TestAccounts {
  owner: TestAccount;
  member: TestAccount;
  viewer: TestAccount;
  /** Secrets of the owner's tokens, one per scope. */
  tokens: Record<TokenScope, string>;
}

const host = () => `127.0.0.1:${process.env.PORT ?? 3000}`;

/** POST to better-auth's route as a browser on this host would. */
export async function authRequest(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const req = new NextRequest(`http://${host()}/api/auth${path}`, {
    method: 'POST',
    headers: { host: host(), 'content-type': 'application/json', 'x-evoscope-client-ip': '10.9.8.7', ...headers },
    body: JSON.stringify(body),
  });
  return authPost(req);
}

/** Signs in; returns the session cookie ("name=value"), or throws with the answer. */
export async function signIn(email: string, password = PASSWORD, ip = '10.9.8.7'): Promise<string> {
  const res = await authRequest('/sign-in/email', { email, password }, { 'x-evoscope-client-ip': ip });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie.split(';')[0];
}

let counter = 0;

export async function createAccount(role: Role, tag = 'acct'): Promise<TestAccount> {
  const email = `${tag}-${role}-${process.pid}-${++counter}@example.org`;
  const { user } = await createUser({ email, role, password: PASSWORD }, CLI_ACTOR);
  // Each sign-in from its own address: the sign-in rate limit is per address.
  return { user, cookie: await signIn(email, PASSWORD, `10.0.${counter % 250}.${process.pid % 250}`) };
}

export async function createAccounts(tag = 'acct'): Promise<TestAccounts> {
  const owner = await createAccount('owner', tag);
  const member = await createAccount('member', tag);
  const viewer = await createAccount('viewer', tag);
  const as: Actor = { kind: 'user', user: owner.user, role: 'owner' };
  const tokens = {} as Record<TokenScope, string>;
  for (const scope of ['read', 'ingest', 'jobs'] as const) tokens[scope] = (await createApiToken(as, { name: `${scope} token`, scopes: [scope] })).token;
  return { owner, member, viewer, tokens };
}

/** Deletes every account (and with them sessions, tokens, share links), the audit log and rate-limit rows. */
export async function removeAccounts() {
  await pool().query('DELETE FROM users');
  await pool().query('DELETE FROM verifications');
  await pool().query('DELETE FROM rate_limits');
  await pool().query('DELETE FROM audit_log');
}
export { CLI_ACTOR };

// Single-user or accounts? Served on a loopback address with no account, Evoscope is the
// single-user workbench it always was (actor 'local', no sign-in). As soon as one account exists,
// or HOST is not a loopback address, every page and API route needs a session or a token.
// Pure: the database question (does an account exist?) is asked by lib/http/auth/actor.ts.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** HOST unset or a loopback address: only this machine can reach the server. */
export function isLoopbackHost(host: string | undefined = process.env.HOST): boolean {
  const h = (host ?? '').trim().toLowerCase();
  return h === '' || LOOPBACK_HOSTS.has(h) || /^127(\.\d{1,3}){3}$/.test(h);
}

export type AuthMode = 'single-user' | 'accounts';

export function authMode(accountsExist: boolean, host: string | undefined = process.env.HOST): AuthMode {
  return accountsExist || !isLoopbackHost(host) ? 'accounts' : 'single-user';
}

/** The command that creates the first account, for messages (start-up refusal, sign-in page). */
export const USER_ADD_COMMAND = 'npm run evoscope -- user add --email you@example.org --password <password> --role owner';

/** Why `npm start` refuses to serve a public address with no account, and what to do. */
export function publicWithoutAccountMessage(host: string): string {
  return (
    `Evoscope refuses to serve HOST=${host} (not a loopback address) while no account exists: anyone reaching ` +
    `the port could do anything. Create the first account, then start again:\n  ${USER_ADD_COMMAND}\n` +
    `(or serve on a loopback address: unset HOST or HOST=127.0.0.1).`
  );
}

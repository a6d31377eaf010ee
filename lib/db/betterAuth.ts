// The better-auth instance: email + password, sessions in PostgreSQL through our Prisma client,
// rate-limited sign-in stored in the database (survives restarts; on in dev and test too),
// telemetry off. Built lazily because its signing secret lives in the database (settings
// 'auth.secret', created on first use), so the web server, the CLI and every test process share
// one secret without an environment variable; BETTER_AUTH_SECRET overrides it.
// Sign-up over HTTP is off: accounts are made by an owner (users page) or the CLI (lib/services/accounts/users.ts).
// Its own credential endpoints keep our rules: a new password passes lib/contracts/password.ts, and a
// changed password or name is written to the audit log (hooks below).
import crypto from 'node:crypto';
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { nextCookies } from 'better-auth/next-js';
import { prisma } from './client';
import { getSetting } from './settings';
import { audit } from './audit';
import { passwordProblem } from '../contracts/password';

const SECRET_KEY = 'auth.secret';
export const CLIENT_IP_HEADER = 'x-evoscope-client-ip';

async function authSecret(): Promise<string> {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  const existing = await getSetting<string>(SECRET_KEY);
  if (existing) return existing;
  // Insert-if-absent: two processes starting together agree on one secret.
  await prisma().setting.createMany({ data: [{ key: SECRET_KEY, value: crypto.randomBytes(32).toString('base64url') }], skipDuplicates: true });
  return (await getSetting<string>(SECRET_KEY))!;
}

/** Sign-in attempts per IP and window (better-auth's default is 3 per 10 s). */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };
/** Sessions last a week, refreshed daily while used. */
const SESSION_SECONDS = 7 * 24 * 3600;

function build(secret: string) {
  return betterAuth({
    appName: 'Evoscope',
    secret,
    // The Host header was already checked against the allow-list (lib/http/guard.ts), so any
    // host that reaches better-auth is one of ours.
    baseURL: { allowedHosts: ['*'], protocol: 'auto', fallback: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    basePath: '/api/auth',
    // Same policy as the rest of the API: this server's own origin only.
    trustedOrigins: (req) => {
      const host = req?.headers.get('host');
      return host ? [`http://${host}`, `https://${host}`] : [];
    },
    database: prismaAdapter(prisma(), { provider: 'postgresql' }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 256, autoSignIn: false },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'viewer', input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: 24 * 3600 },
    databaseHooks: {
      session: {
        create: {
          // A disabled account cannot sign in (checked where the session is made, so every
          // sign-in path is covered).
          before: async (session) => {
            const user = await prisma().user.findUnique({ where: { id: session.userId }, select: { disabled: true } });
            if (!user) return false;
            // Reached only with the right password, so saying why discloses nothing new.
            if (user.disabled) throw new APIError('FORBIDDEN', { message: 'this account is disabled: ask an owner of this Evoscope to enable it' });
            return { data: session };
          },
        },
      },
    },
    hooks: { before: checkNewPassword, after: auditCredentialChange },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      // Reading the session is not a credential check, and every page load does it (the header's
      // account menu): limiting it hid the menu from anyone browsing fast or behind a shared address.
      customRules: { '/sign-in/email': SIGN_IN_LIMIT, '/get-session': false },
    },
    // The address scripts/methodGuard.cjs stamps from the socket (a client cannot forge it).
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

/** Endpoints of better-auth that set a password from the request body's `newPassword`. */
const SETS_PASSWORD = new Set(['/change-password', '/reset-password', '/set-password']);

const checkNewPassword = createAuthMiddleware(async (ctx) => {
  if (!SETS_PASSWORD.has(ctx.path)) return;
  const problem = passwordProblem((ctx.body as { newPassword?: unknown } | undefined)?.newPassword);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem });
});

const auditCredentialChange = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/change-password' && ctx.path !== '/update-user') return;
  const returned: unknown = ctx.context.returned;
  if (!returned || returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
  const user = ctx.context.session?.user;
  if (!user) return;
  const role = (user as { role?: string }).role;
  const actor = { kind: 'user' as const, user: { id: user.id, email: user.email, name: user.name }, role: (role === 'owner' || role === 'member' ? role : 'viewer') as 'owner' | 'member' | 'viewer' };
  const target = { kind: 'user', id: user.id };
  if (ctx.path === '/change-password') await audit(actor, 'user.password', target, { email: user.email, via: 'change-password' });
  else {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof body.name === 'string' && body.name !== user.name) await audit(actor, 'user.name', target, { email: user.email, from: user.name, to: body.name });
    const other = Object.keys(body).filter((k) => k !== 'name');
    if (other.length) await audit(actor, 'user.update', target, { email: user.email, fields: other });
  }
});

export type Auth = ReturnType<typeof build>;

const g = globalThis as unknown as { __evoscopeAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  if (!g.__evoscopeAuth) {
    g.__evoscopeAuth = authSecret().then(build);
    g.__evoscopeAuth.catch(() => (g.__evoscopeAuth = undefined));
  }
  return g.__evoscopeAuth;
}

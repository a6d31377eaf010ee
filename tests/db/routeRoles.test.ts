// Every route under app/api (found by walking the folder, so routes added later are covered
// without editing this test) declares the permission it needs (`handle(fn, { permission })`),
// and the declaration is what happens: each method is called with no session, as an owner, a
// member and a viewer (session cookies from the real sign-in route), with personal API tokens of
// each scope, and with a share link to another run. Each gets 401/403 exactly where the declared
// permission says so (lib/contracts/permissions.ts), and a refused request changes nothing.
// A route method without a declaration fails here (and does not type-check).
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_EXEMPT_ROUTES } from '../../lib/http/auth/authRoute';
import { PERMISSIONS, ROLE_PERMISSIONS, SCOPE_PERMISSIONS, type Permission } from '../../lib/contracts/permissions';
import { pool } from '../../lib/db/client';
import { createShareLink } from '../../lib/db/shareLinks';
import { createAccounts, removeAccounts, type TestAccounts } from '../helpers/accounts';
import { apiRoutes, callRoute, METHODS, MUTATING, PORT, urlPath, UUID } from '../helpers/apiRoutes';
import { useTestDatabase } from '../helpers/dbTest';

const allRoutes = apiRoutes();
const routes = allRoutes.filter((r) => !(r.rel in HANDLE_EXEMPT_ROUTES));

type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & { access?: { permission?: Permission } };

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** Permissions this caller holds; null: nobody is identified (401 unless public). */
  holds: ReadonlySet<Permission> | null;
  /** Identified by a cookie (never enough for 'ingest': 401 there). */
  cookie?: boolean;
}

const { runIds } = useTestDatabase({ after: removeAccounts });
let accounts: TestAccounts;
let callers: Caller[] = [];
let settingsBefore: { key: string; value: unknown }[] = [];

const snapshot = async () =>
  (
    await pool().query(
      `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM import_jobs)::int AS imports,
              (SELECT coalesce(string_agg(key || '=' || value::text, ',' ORDER BY key), '') FROM settings) AS settings,
              (SELECT coalesce(max(updated_at)::text, '') FROM runs) AS runs_updated,
              (SELECT string_agg(email || role || disabled::text, ',' ORDER BY email) FROM users) AS users,
              (SELECT count(*) FROM api_tokens WHERE revoked_at IS NULL)::int AS tokens,
              (SELECT count(*) FROM share_links WHERE revoked_at IS NULL)::int AS shares,
              (SELECT count(*) FROM audit_log)::int AS audit`,
    )
  ).rows[0];

const call = (file: string, method: string, url: string, headers: Record<string, string>) =>
  callRoute(file, method, url, { host: `127.0.0.1:${PORT}`, ...headers });

beforeAll(async () => {
  process.env.PORT = PORT;
  delete process.env.HOST;
  delete process.env.EVOSCOPE_ALLOWED_HOSTS;
  await removeAccounts();
  settingsBefore = (await pool().query('SELECT key, value FROM settings')).rows;
  accounts = await createAccounts('roles');
  // A share link to a real run that is not the one the routes are called with.
  const run = await pool().query(`INSERT INTO runs (id, name, framework, updated_at) VALUES (gen_random_uuid(), 'shared', 'custom', now()) RETURNING id`);
  runIds.push(run.rows[0].id);
  const { secret } = await createShareLink({ kind: 'user', user: accounts.owner.user, role: 'owner' }, run.rows[0].id, { expiresInDays: 1 });
  callers = [
    { name: 'no session', headers: {}, holds: null },
    ...(['owner', 'member', 'viewer'] as const).map((role) => ({
      name: role,
      headers: { cookie: accounts[role].cookie },
      holds: new Set(ROLE_PERMISSIONS[role]),
      cookie: true,
    })),
    ...(['read', 'ingest', 'jobs'] as const).map((scope) => ({
      name: `${scope} token`,
      headers: { authorization: `Bearer ${accounts.tokens[scope]}` },
      holds: new Set(SCOPE_PERMISSIONS[scope]),
    })),
    { name: 'share link to another run', headers: { 'x-evoscope-share': secret }, holds: new Set<Permission>(['public']), cookie: true },
  ];
});

afterAll(async () => {
  // Allowed calls may have created imports, live runs or settings: put them back.
  await pool().query(`DELETE FROM runs WHERE framework = 'custom' AND name = 'x'`);
  await pool().query(`DELETE FROM import_jobs WHERE source_name = 'x.zip'`);
  await pool().query('DELETE FROM settings');
  for (const s of settingsBefore) await pool().query('INSERT INTO settings (key, value) VALUES ($1, $2)', [s.key, JSON.stringify(s.value)]);
});

describe('every route declares its permission', () => {
  it('finds the routes; only better-auth\'s own is exempt from handle()', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(allRoutes.filter((r) => r.rel in HANDLE_EXEMPT_ROUTES).map((r) => r.rel)).toEqual(['app/api/auth/[...all]/route.ts']);
  });

  it.each(routes)('$rel: each method declares one known permission', async ({ file }) => {
    const mod = (await import(file)) as Record<string, Handler>;
    const methods = METHODS.filter((m) => m in mod);
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) {
      expect(PERMISSIONS, `${m} ${file} declares no permission: handle(fn, { permission: ... })`).toContain(mod[m].access?.permission);
      // A write is never open to readers; 'public' writes are a short, reviewed list.
      if (MUTATING.has(m)) expect(mod[m].access?.permission, `${m} ${file}`).not.toBe('read');
      if (mod[m].access?.permission === 'public') expect(['GET /api/health', 'POST /api/invitations/accept']).toContain(`${m} ${urlPath(file).replaceAll(UUID, '[id]')}`);
    }
  });
});

describe('each caller gets 401/403 exactly where the declaration says', () => {
  it.each(routes)('$rel', async ({ file, url }) => {
    const mod = (await import(file)) as Record<string, Handler>;
    for (const m of METHODS.filter((x) => x in mod)) {
      const permission = mod[m].access!.permission!;
      for (const c of callers) {
        const expected =
          permission === 'public' ? 'allowed' : c.holds === null || (permission === 'ingest' && c.cookie) ? 401 : c.holds.has(permission) ? 'allowed' : 403;
        const before = expected === 'allowed' ? null : await snapshot();
        const res = await call(file, m, url, c.headers);
        const what = `${m} ${url} (${permission}) as ${c.name}: ${res.status}`;
        if (expected === 'allowed') {
          expect([401, 403], what).not.toContain(res.status);
        } else {
          expect(res.status, what).toBe(expected);
          if (m !== 'HEAD') expect((await res.json()).error, what).toMatch(expected === 401 ? /sign in first|bearer token|not valid/ : /not allowed|do not allow|one run only|is a (viewer|member)/);
          expect(await snapshot(), `${what} changed the database`).toEqual(before);
        }
      }
    }
  });
});

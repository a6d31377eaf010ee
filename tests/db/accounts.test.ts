// Accounts end to end through the real routes and real PostgreSQL: sign-in (wrong password,
// rate limit, disabled account), sessions (expired), roles (viewer upload, member changing roles,
// last owner), personal tokens (scopes, revoked), share links (own run only, expired, revoked),
// the single-user ingestion token adopted by the first owner, and the audit log.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as authGet } from '../../app/api/auth/[...all]/route';
import { GET as getAudit } from '../../app/api/audit/route';
import { POST as postImport } from '../../app/api/imports/route';
import { POST as ingestRun } from '../../app/api/ingest/runs/route';
import { DELETE as deleteRun, GET as getRun } from '../../app/api/runs/[runId]/route';
import { POST as postShare } from '../../app/api/runs/[runId]/share-links/route';
import { DELETE as deleteShare } from '../../app/api/runs/[runId]/share-links/[linkId]/route';
import { GET as listRuns } from '../../app/api/runs/route';
import { GET as getTokens, POST as postToken } from '../../app/api/tokens/route';
import { DELETE as deleteToken } from '../../app/api/tokens/[tokenId]/route';
import { PATCH as patchUser } from '../../app/api/users/[userId]/route';
import { POST as postUser } from '../../app/api/users/route';
import { accountsExist } from '../../lib/http/auth/actor';
import { createUser } from '../../lib/services/accounts/users';
import { sha256Hex } from '../../lib/contracts/tokens';
import { pool } from '../../lib/db/client';
import { ingestToken } from '../../lib/db/settings';
import { authRequest, CLI_ACTOR, createAccount, PASSWORD, removeAccounts, signIn, type TestAccount } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase({ after: removeAccounts });
const PORT = '3000';
const host = `127.0.0.1:${PORT}`;
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: unknown, method: string, url: string, opts: { headers?: Record<string, string>; body?: unknown; params?: Record<string, string> } = {}) {
  const req = new NextRequest(`http://${host}${url}`, {
    method,
    headers: { host, 'content-type': 'application/json', ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return (handler as Handler)(req, { params: Promise.resolve(opts.params ?? {}) });
}

const counts = async () =>
  (
    await pool().query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM import_jobs)::int AS imports,
      (SELECT count(*) FROM api_tokens WHERE revoked_at IS NULL)::int AS tokens, (SELECT string_agg(role || disabled::text, ',' ORDER BY email) FROM users) AS roles,
      (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM sessions)::int AS sessions`)
  ).rows[0];

let owner: TestAccount;
let member: TestAccount;
let viewer: TestAccount;
let legacy: string;
let runA: string;
let runB: string;

beforeAll(async () => {
  process.env.PORT = PORT;
  delete process.env.HOST;
  await removeAccounts();
  legacy = await ingestToken(); // single-user mode's ingestion token, in use by a script
  // Two runs made by a script in single-user mode, before any account exists.
  for (const name of ['share A', 'share B']) {
    const res = await call(ingestRun, 'POST', '/api/ingest/runs', { headers: { authorization: `Bearer ${legacy}` }, body: { name } });
    expect(res.status).toBe(201);
    runIds.push((await res.json()).runId);
  }
  [runA, runB] = runIds;
  owner = await createAccount('owner', 'acc');
  member = await createAccount('member', 'acc');
  viewer = await createAccount('viewer', 'acc');
});
afterAll(() => removeAccounts());

describe('modes', () => {
  it('with accounts, a request with no session gets 401 and a clear message', async () => {
    expect(await accountsExist()).toBe(true);
    const res = await call(listRuns, 'GET', '/api/runs');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/sign in first/);
    expect((await call(listRuns, 'GET', '/api/runs', { headers: { cookie: viewer.cookie } })).status).toBe(200);
  });

  it('the single-user ingestion token became the first owner\'s ingest token: the script keeps working', async () => {
    const { rows } = await pool().query('SELECT user_id, scopes FROM api_tokens WHERE token_hash = $1', [sha256Hex(legacy)]);
    expect(rows).toEqual([{ user_id: owner.user.id, scopes: ['ingest'] }]);
    expect((await pool().query("SELECT 1 FROM settings WHERE key = 'ingest.token'")).rowCount).toBe(0);
    const res = await call(ingestRun, 'POST', '/api/ingest/runs', { headers: { authorization: `Bearer ${legacy}` }, body: { name: 'after accounts' } });
    expect(res.status).toBe(201);
    runIds.push((await res.json()).runId);
    // Cookies never grant ingestion (those routes skip the Origin check).
    expect((await call(ingestRun, 'POST', '/api/ingest/runs', { headers: { cookie: owner.cookie }, body: { name: 'x' } })).status).toBe(401);
  });
});

describe('sign-in', () => {
  it('a wrong password is refused with 401 and creates no session', async () => {
    const before = await counts();
    const res = await authRequest('/sign-in/email', { email: member.user.email, password: 'wrong password!' }, { 'x-evoscope-client-ip': '10.1.1.1' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/invalid email or password/i);
    expect(await counts()).toEqual(before);
  });

  it('is rate-limited per address, in the database (survives a restart)', async () => {
    const ip = '10.2.2.2';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await authRequest('/sign-in/email', { email: member.user.email, password: 'nope nope' }, { 'x-evoscope-client-ip': ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await pool().query('SELECT count FROM rate_limits WHERE key LIKE $1', [`%${ip}%`])).rows).toEqual([{ count: 10 }]);
    // Another address is not affected.
    expect(await signIn(member.user.email, PASSWORD, '10.2.2.3')).toMatch(/session_token=/);
  });

  it('reading the session is never rate-limited: every page load asks for it (the header\'s account menu)', async () => {
    // Over the general limit (100 a minute per address): a team member browsing fast, or a team
    // behind one address, would lose the account menu to 429s (seen in the browser suite).
    const ip = '10.3.3.3';
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) {
      const req = new NextRequest(`http://${host}/api/auth/get-session`, { headers: { host, cookie: member.cookie, 'x-evoscope-client-ip': ip } });
      statuses.push((await authGet(req)).status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('a disabled account cannot sign in, and its sessions and tokens stop working', async () => {
    const extra = await createAccount('member', 'dis');
    const tok = await call(postToken, 'POST', '/api/tokens', { headers: { cookie: extra.cookie }, body: { name: 'mine', scopes: ['read'] } });
    const { token } = await tok.json();
    const res = await call(patchUser, 'PATCH', `/api/users/${extra.user.id}`, { headers: { cookie: owner.cookie }, body: { disabled: true }, params: { userId: extra.user.id } });
    expect(res.status).toBe(200);
    expect((await call(listRuns, 'GET', '/api/runs', { headers: { cookie: extra.cookie } })).status).toBe(401);
    const byToken = await call(listRuns, 'GET', '/api/runs', { headers: { authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(401);
    expect((await byToken.json()).error).toMatch(/not valid: it was revoked, or its account was disabled/);
    const again = await authRequest('/sign-in/email', { email: extra.user.email, password: PASSWORD }, { 'x-evoscope-client-ip': '10.3.3.3' });
    expect(again.status).toBe(403);
    expect((await again.json()).message).toBe('this account is disabled: ask an owner of this Evoscope to enable it');
    expect((await pool().query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [extra.user.id])).rows[0].n).toBe(0);
  });

  it('an expired session is refused with 401', async () => {
    const s = await createAccount('viewer', 'exp');
    await pool().query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [s.user.id]);
    const res = await call(listRuns, 'GET', '/api/runs', { headers: { cookie: s.cookie } });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('your session has expired or was signed out (or the account disabled): sign in again');
  });
});

describe('roles', () => {
  it('a viewer posting an upload gets 403 naming the role, and nothing is created', async () => {
    const before = await counts();
    const res = await call(postImport, 'POST', '/api/imports', { headers: { cookie: viewer.cookie }, body: { kind: 'archive', sourceName: 'x.zip', name: 'x' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('you are signed in as a viewer: uploading runs is not allowed for that role');
    expect(await counts()).toEqual(before);
    const ok = await call(postImport, 'POST', '/api/imports', { headers: { cookie: member.cookie }, body: { kind: 'archive', sourceName: 'x.zip', name: 'x' } });
    expect(ok.status).toBe(201);
    await pool().query('DELETE FROM import_jobs WHERE id = $1', [(await ok.json()).id]);
  });

  it('a member changing roles or creating users gets 403 and nothing changes', async () => {
    const before = await counts();
    const res = await call(patchUser, 'PATCH', `/api/users/${member.user.id}`, { headers: { cookie: member.cookie }, body: { role: 'owner' }, params: { userId: member.user.id } });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/member: managing users is not allowed/);
    expect((await call(postUser, 'POST', '/api/users', { headers: { cookie: member.cookie }, body: { email: 'new@example.org', role: 'owner', password: 'abcdefgh1' } })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('the owner changes a role (audited); the last owner can be neither demoted nor disabled', async () => {
    const res = await call(patchUser, 'PATCH', `/api/users/${viewer.user.id}`, { headers: { cookie: owner.cookie }, body: { role: 'member' }, params: { userId: viewer.user.id } });
    expect((await res.json()).user.role).toBe('member');
    await call(patchUser, 'PATCH', `/api/users/${viewer.user.id}`, { headers: { cookie: owner.cookie }, body: { role: 'viewer' }, params: { userId: viewer.user.id } });
    const before = await counts();
    for (const body of [{ role: 'member' }, { disabled: true }]) {
      const r = await call(patchUser, 'PATCH', `/api/users/${owner.user.id}`, { headers: { cookie: owner.cookie }, body, params: { userId: owner.user.id } });
      expect(r.status).toBe(409);
      expect((await r.json()).error).toMatch(/is the last owner: make someone else an owner first/);
    }
    expect(await counts()).toEqual(before);
    const audit = await (await call(getAudit, 'GET', '/api/audit', { headers: { cookie: owner.cookie } })).json();
    const roles = audit.entries.filter((e: { action: string }) => e.action === 'user.role');
    expect(roles.slice(0, 2).map((e: { details: { from: string; to: string }; actorEmail: string }) => [e.actorEmail, e.details.from, e.details.to])).toEqual([
      [owner.user.email, 'member', 'viewer'],
      [owner.user.email, 'viewer', 'member'],
    ]);
    expect((await call(getAudit, 'GET', '/api/audit', { headers: { cookie: member.cookie } })).status).toBe(403);
  });

  it('only an owner deletes a run; the deletion is audited', async () => {
    const made = await call(ingestRun, 'POST', '/api/ingest/runs', { headers: { authorization: `Bearer ${legacy}` }, body: { name: 'to delete' } });
    const { runId } = await made.json();
    runIds.push(runId);
    const byMember = await call(deleteRun, 'DELETE', `/api/runs/${runId}`, { headers: { cookie: member.cookie }, params: { runId } });
    expect(byMember.status).toBe(403);
    expect((await pool().query('SELECT 1 FROM runs WHERE id = $1', [runId])).rowCount).toBe(1);
    const byOwner = await call(deleteRun, 'DELETE', `/api/runs/${runId}`, { headers: { cookie: owner.cookie }, params: { runId } });
    expect(byOwner.status).toBe(200);
    const { rows } = await pool().query("SELECT actor_id, actor_kind, details FROM audit_log WHERE action = 'run.delete' AND target_id = $1", [runId]);
    expect(rows).toEqual([{ actor_id: owner.user.id, actor_kind: 'user', details: { name: 'to delete', programs: 0 } }]);
  });

  it('an email is one account', async () => {
    await expect(createUser({ email: 'dup@example.org', role: 'owner', password: PASSWORD }, CLI_ACTOR)).resolves.toBeTruthy();
    await expect(createUser({ email: 'DUP@example.org', role: 'viewer', password: PASSWORD }, CLI_ACTOR)).rejects.toThrow(/already exists/);
  });
});

describe('personal API tokens', () => {
  it('are shown once, hashed at rest, scoped, and stop working when revoked', async () => {
    const res = await call(postToken, 'POST', '/api/tokens', { headers: { cookie: member.cookie }, body: { name: 'ci', scopes: ['read'] } });
    expect(res.status).toBe(201);
    const { token, apiToken } = await res.json();
    expect(token).toMatch(/^evo_[A-Za-z0-9_-]{40,}$/);
    const { rows } = await pool().query('SELECT token_hash, prefix FROM api_tokens WHERE id = $1', [apiToken.id]);
    expect(rows[0]).toEqual({ token_hash: sha256Hex(token), prefix: token.slice(0, 10) });
    const listed = await (await call(getTokens, 'GET', '/api/tokens', { headers: { cookie: member.cookie } })).json();
    expect(listed.tokens.map((t: { id: string }) => t.id)).toContain(apiToken.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await call(listRuns, 'GET', '/api/runs', { headers: bearer })).status).toBe(200);
    const upload = await call(postImport, 'POST', '/api/imports', { headers: bearer, body: { kind: 'archive', sourceName: 'x.zip', name: 'x' } });
    expect(upload.status).toBe(403);
    expect((await upload.json()).error).toMatch(/scopes \(read\) do not allow uploading runs/);
    const del = await call(deleteToken, 'DELETE', `/api/tokens/${apiToken.id}`, { headers: { cookie: member.cookie }, params: { tokenId: apiToken.id } });
    expect((await del.json()).token.revokedAt).toBeTruthy();
    const after = await call(listRuns, 'GET', '/api/runs', { headers: bearer });
    expect(after.status).toBe(401);
    expect((await after.json()).error).toMatch(/not valid/);
  });

  it("a viewer's ingest token cannot ingest (never beyond the role)", async () => {
    const { token } = await (await call(postToken, 'POST', '/api/tokens', { headers: { cookie: viewer.cookie }, body: { name: 'x', scopes: ['ingest'] } })).json();
    const res = await call(ingestRun, 'POST', '/api/ingest/runs', { headers: { authorization: `Bearer ${token}` }, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/is a viewer/);
  });
});

describe('share links', () => {
  it('read one run only; revoked or expired links stop working', async () => {
    const made = await call(postShare, 'POST', `/api/runs/${runA}/share-links`, { headers: { cookie: member.cookie }, body: { expiresInDays: 1 }, params: { runId: runA } });
    expect(made.status).toBe(201);
    const { url, link } = await made.json();
    const secret = url.split('/share/')[1];
    const share = { 'x-evoscope-share': secret };
    expect((await call(getRun, 'GET', `/api/runs/${runA}`, { headers: share, params: { runId: runA } })).status).toBe(200);
    const other = await call(getRun, 'GET', `/api/runs/${runB}`, { headers: share, params: { runId: runB } });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe('this share link gives read access to one run only');
    expect((await call(listRuns, 'GET', '/api/runs', { headers: share })).status).toBe(403);
    expect((await call(postShare, 'POST', `/api/runs/${runA}/share-links`, { headers: share, body: {}, params: { runId: runA } })).status).toBe(403);
    // As a cookie (what /share/<secret> sets) too.
    expect((await call(getRun, 'GET', `/api/runs/${runA}`, { headers: { cookie: `evoscope_share=${secret}` }, params: { runId: runA } })).status).toBe(200);
    await pool().query("UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1", [link.id]);
    const expired = await call(getRun, 'GET', `/api/runs/${runA}`, { headers: share, params: { runId: runA } });
    expect(expired.status).toBe(401);
    expect((await expired.json()).error).toBe('this share link is not valid: it was revoked, or it expired');
    await pool().query("UPDATE share_links SET expires_at = now() + interval '1 day' WHERE id = $1", [link.id]);
    await call(deleteShare, 'DELETE', `/api/runs/${runA}/share-links/${link.id}`, { headers: { cookie: owner.cookie }, params: { runId: runA, linkId: link.id } });
    expect((await call(getRun, 'GET', `/api/runs/${runA}`, { headers: share, params: { runId: runA } })).status).toBe(401);
    expect(secret).toMatch(/^evs_[A-Za-z0-9_-]{40,}$/);
  });
});

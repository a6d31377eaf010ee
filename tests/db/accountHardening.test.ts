// Issue 28.6, with accounts: disabling an account revokes its API tokens (enabling it again does
// not bring them back); changes to settings, evaluator uploads and credential changes (password,
// name) are in the audit log, the LLM key never; a password needs 8 characters besides leading
// and trailing spaces, wherever it is set (owner, invitation, better-auth's change-password).
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { beforeAll, expect, it } from 'vitest';
import { PUT as putEvaluation } from '../../app/api/settings/evaluation/route';
import { PUT as putGeneralization } from '../../app/api/settings/generalization/route';
import { PUT as putLlm } from '../../app/api/settings/llm/route';
import { POST as postEvaluator } from '../../app/api/runs/[runId]/evaluators/route';
import { POST as acceptInvite } from '../../app/api/invitations/accept/route';
import { GET as listRuns } from '../../app/api/runs/route';
import { POST as postToken } from '../../app/api/tokens/route';
import { PATCH as patchUser } from '../../app/api/users/[userId]/route';
import { POST as postUser } from '../../app/api/users/route';
import { createUser } from '../../lib/services/accounts/users';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { authRequest, CLI_ACTOR, createAccount, PASSWORD, removeAccounts, signIn, type TestAccount } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/dbTest';

const SETTING_KEYS = ['llm', 'evaluation.concurrency', 'evaluation.limits', 'generalization.threshold'];
const { runIds } = useTestDatabase({
  after: async () => {
    await pool().query('DELETE FROM settings WHERE key = ANY($1)', [SETTING_KEYS]);
    await removeAccounts();
  },
});
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: unknown, method: string, url: string, opts: { cookie?: string; headers?: Record<string, string>; body?: unknown; params?: Record<string, string> } = {}) {
  const req = new NextRequest(`http://${host}${url}`, {
    method,
    headers: { host, 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const res = await (handler as Handler)(req, { params: Promise.resolve(opts.params ?? {}) });
  return { status: res.status, text: await res.text() };
}

const auditOf = async (action: string) =>
  (await pool().query('SELECT actor_id, target_kind, target_id, details FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;

let owner: TestAccount;
beforeAll(async () => {
  delete process.env.HOST;
  await removeAccounts();
  owner = await createAccount('owner', 'harden');
});

it('disabling an account revokes its API tokens: enabling it again does not bring them back', async () => {
  const m = await createAccount('member', 'harden-dis');
  const made = await call(postToken, 'POST', '/api/tokens', { cookie: m.cookie, body: { name: 'script', scopes: ['read'] } });
  const { token } = JSON.parse(made.text);
  const byToken = () => call(listRuns, 'GET', '/api/runs', { headers: { authorization: `Bearer ${token}` } });
  expect((await byToken()).status).toBe(200);
  const patch = (disabled: boolean) => call(patchUser, 'PATCH', `/api/users/${m.user.id}`, { cookie: owner.cookie, body: { disabled }, params: { userId: m.user.id } });
  expect((await patch(true)).status).toBe(200);
  expect((await patch(false)).status).toBe(200);
  expect((await byToken()).status).toBe(401);
  const rows = (await pool().query('SELECT revoked_at FROM api_tokens WHERE user_id = $1', [m.user.id])).rows;
  expect(rows.length).toBe(1);
  expect(rows[0].revoked_at).not.toBeNull();
  expect((await auditOf('user.disable')).at(-1).details).toMatchObject({ email: m.user.email, tokensRevoked: 1 });
});

it('settings changes, evaluator uploads and password or name changes are audited; the LLM key is not written there', async () => {
  const secret = `sk-audit-${crypto.randomUUID()}`;
  expect((await call(putLlm, 'PUT', '/api/settings/llm', { cookie: owner.cookie, body: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: secret, timeoutMs: 20_000, maxRetries: 1, concurrency: 2 } })).status).toBe(200);
  expect((await call(putEvaluation, 'PUT', '/api/settings/evaluation', { cookie: owner.cookie, body: { concurrency: 2, maxTimeoutSeconds: 120 } })).status).toBe(200);
  expect((await call(putGeneralization, 'PUT', '/api/settings/generalization', { cookie: owner.cookie, body: { absolute: null, relative: 0.2 } })).status).toBe(200);
  const llm = await auditOf('settings.llm');
  expect(llm).toHaveLength(1);
  expect(llm[0]).toMatchObject({ actor_id: owner.user.id, target_kind: 'setting', target_id: 'llm', details: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'set' } });
  expect(JSON.stringify(llm)).not.toContain(secret);
  expect((await auditOf('settings.evaluation'))[0]).toMatchObject({ target_id: 'evaluation', details: { concurrency: 2, maxTimeoutSeconds: 120 } });
  expect((await auditOf('settings.generalization'))[0]).toMatchObject({ details: { absolute: null, relative: 0.2 } });

  const runId = (await storeImportedRun({
    run: { name: `harden-${crypto.randomUUID().slice(0, 8)}`, framework: 'custom', language: 'python' }, warnings: [], stats: {},
    programs: [{ externalId: 'p0', code: 'x = 1\n', iteration: 0, valid: true, metrics: {} }],
  })).runId;
  runIds.push(runId);
  const member = await createAccount('member', 'harden-ev');
  const up = await call(postEvaluator, 'POST', `/api/runs/${runId}/evaluators`, {
    cookie: member.cookie, params: { runId },
    body: { files: [{ path: 'evaluator.py', content: Buffer.from('def evaluate(p):\n    return {}\n').toString('base64') }], timeoutSeconds: 30 },
  });
  expect(up.status, up.text).toBe(201);
  expect((await auditOf('evaluator.upload'))[0]).toMatchObject({ actor_id: member.user.id, target_kind: 'run', target_id: runId, details: { version: 1, files: 1, timeoutSeconds: 30 } });

  const pw = await authRequest('/change-password', { currentPassword: PASSWORD, newPassword: 'another fine secret' }, { cookie: member.cookie });
  expect(pw.status, await pw.clone().text()).toBe(200);
  expect((await auditOf('user.password')).at(-1)).toMatchObject({ actor_id: member.user.id, target_id: member.user.id, details: { email: member.user.email } });
  expect(JSON.stringify(await auditOf('user.password'))).not.toContain('another fine secret');
  const name = await authRequest('/update-user', { name: 'Renamed Member' }, { cookie: member.cookie });
  expect(name.status, await name.clone().text()).toBe(200);
  expect((await auditOf('user.name')).at(-1)).toMatchObject({ actor_id: member.user.id, target_id: member.user.id, details: { to: 'Renamed Member' } });
});

it('a password needs eight characters besides leading and trailing spaces, wherever it is set', async () => {
  for (const bad of ['        ', ' \t      ', '   x    ']) {
    await expect(createUser({ email: `sp-${crypto.randomUUID()}@example.org`, role: 'member', password: bad }, CLI_ACTOR), JSON.stringify(bad)).rejects.toThrow(/8 characters/);
    const r = await call(postUser, 'POST', '/api/users', { cookie: owner.cookie, body: { email: `sp-${crypto.randomUUID()}@example.org`, role: 'member', password: bad } });
    expect(r.status, r.text).toBe(400);
  }
  const m = await createAccount('member', 'harden-pw');
  const change = await authRequest('/change-password', { currentPassword: PASSWORD, newPassword: '        ' }, { cookie: m.cookie });
  expect(change.status).toBe(400);
  expect((await change.json()).message).toMatch(/8 characters/);
  expect(await signIn(m.user.email, PASSWORD, '10.77.0.1')).toMatch(/session_token=/);

  const invited = await call(postUser, 'POST', '/api/users', { cookie: owner.cookie, body: { email: `inv-${crypto.randomUUID()}@example.org`, role: 'viewer' } });
  const inviteSecret = String(JSON.parse(invited.text).inviteUrl).split('/invite/')[1];
  expect((await call(acceptInvite, 'POST', '/api/invitations/accept', { body: { token: inviteSecret, password: '        ' } })).status).toBe(400);
  expect((await call(acceptInvite, 'POST', '/api/invitations/accept', { body: { token: inviteSecret, password: 'a b c d e' } })).status).toBe(200);
});

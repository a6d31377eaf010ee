// Blind labelling with accounts: an owner creates a session for a member and a second member;
// each labels with their own session cookie and sees only their own labels; a viewer may not
// label, a user not assigned may not either; the agreement stays hidden from a reviewer until
// they finish and is open to the owner (not a reviewer); 'local' is refused once accounts exist.
import { NextRequest } from 'next/server';
import { beforeAll, expect, it } from 'vitest';
import { POST as CREATE } from '../../app/api/reviews/route';
import { DELETE, GET as SESSION } from '../../app/api/reviews/[sessionId]/route';
import { GET as ITEM, PUT as SAVE } from '../../app/api/reviews/[sessionId]/items/[position]/route';
import { GET as AGREEMENT } from '../../app/api/reviews/[sessionId]/agreement/route';
import { createAccount, createAccounts, removeAccounts, type TestAccount, type TestAccounts } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/dbTest';
import { FIXTURE_JUDGE, makeReviewRun } from '../helpers/reviewFixture';

const PORT = process.env.PORT ?? '3000';
const host = `127.0.0.1:${PORT}`;
const { runIds } = useTestDatabase({ after: removeAccounts });
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(who: TestAccount, handler: Handler, method: string, path: string, params: Record<string, string>, body?: unknown) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, cookie: who.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, text: await res.clone().text(), body: await res.json() };
}

let runId = '';
let accounts: TestAccounts;
let second: TestAccount;
beforeAll(async () => {
  delete process.env.HOST;
  await removeAccounts();
  ({ runId } = await makeReviewRun('accounts review'));
  runIds.push(runId);
  accounts = await createAccounts('review');
  second = await createAccount('member', 'review2');
});

it('two members label the same edits blind, each on their own', async () => {
  const { owner, member, viewer } = accounts;
  const local = await call(owner, CREATE, 'POST', '/api/reviews', {}, { name: 'x', runIds: [runId], sampling: 'stratified', size: 4, reviewers: ['local'] });
  expect(local.status).toBe(400);
  const created = await call(owner, CREATE, 'POST', '/api/reviews', {}, {
    name: 'team', runIds: [runId], sampling: 'stratified', size: 4, judge: FIXTURE_JUDGE, seed: 3, reviewers: [member.user.id, second.user.id],
  });
  expect(created.status).toBe(201);
  const sessionId = created.body.id;
  const item = (who: TestAccount, p: number) => call(who, ITEM, 'GET', `/api/reviews/${sessionId}/items/${p}`, { sessionId, position: String(p) });
  const save = (who: TestAccount, p: number, labels: string[]) =>
    call(who, SAVE, 'PUT', `/api/reviews/${sessionId}/items/${p}`, { sessionId, position: String(p) }, { labels, note: `${who.user.id}-note` });
  const agreement = (who: TestAccount) => call(who, AGREEMENT, 'GET', `/api/reviews/${sessionId}/agreement`, { sessionId });

  expect((await call(member, SESSION, 'GET', `/api/reviews/${sessionId}`, { sessionId })).body.me).toEqual({ reviewer: member.user.id, assigned: true, next: 0 });
  expect((await item(viewer, 0)).status).toBe(403);
  expect((await item(owner, 0)).status).toBe(403);
  for (let p = 0; p < 4; p++) expect((await save(member, p, p < 2 ? ['bug_fix'] : ['refactor'])).status).toBe(200);
  expect((await save(second, 0, ['bug_fix'])).status).toBe(200);
  const seen = await item(second, 0);
  expect(seen.body.mine).toEqual({ labels: ['bug_fix'], note: `${second.user.id}-note`, skipped: false });
  expect(seen.text).not.toContain(`${member.user.id}-note`);
  expect((await item(second, 1)).body.mine).toBeNull();
  // The second member has not finished: no figures for them; the first has, and the owner may look.
  expect((await agreement(second)).status).toBe(403);
  expect((await agreement(member)).status).toBe(200);
  const figures = await agreement(owner);
  expect(figures.status).toBe(200);
  // Reviewers in the order they were assigned: the pair is (member, second).
  const pair = figures.body.pairs.find((p: { a: { key: string }; b: { key: string } }) => p.a.key === member.user.id && p.b.key === second.user.id);
  expect(pair.report.n).toBe(1);
  expect([pair.a.name, pair.b.name]).toEqual([member.user.name, second.user.name]);
});

it('deleting a review session is for its creator and owners: a reviewer or another member gets 403 and the labels stay', async () => {
  const { owner, member, viewer } = accounts;
  const third = await createAccount('member', 'review3');
  const make = async (who: TestAccount, name: string) => {
    const r = await call(who, CREATE, 'POST', '/api/reviews', {}, { name, runIds: [runId], sampling: 'stratified', size: 2, judge: FIXTURE_JUDGE, seed: 5, reviewers: [second.user.id] });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const del = (who: TestAccount, sessionId: string) => call(who, DELETE, 'DELETE', `/api/reviews/${sessionId}`, { sessionId });
  const byMember = await make(member, 'member-made');
  expect((await call(second, SAVE, 'PUT', `/api/reviews/${byMember}/items/0`, { sessionId: byMember, position: '0' }, { labels: ['bug_fix'] })).status).toBe(200);
  for (const who of [third, second, viewer]) {
    const r = await del(who, byMember);
    expect(r.status, `${who.user.email}: ${r.text}`).toBe(403);
  }
  expect((await del(third, byMember)).body.error).toMatch(/only its creator or an owner/);
  expect((await call(member, SESSION, 'GET', `/api/reviews/${byMember}`, { sessionId: byMember })).status).toBe(200);
  expect((await del(member, byMember)).status).toBe(200);
  const byOwner = await make(owner, 'owner-made');
  expect((await del(member, byOwner)).status).toBe(403);
  const byMember2 = await make(member, 'member-made-2');
  expect((await del(owner, byMember2)).status).toBe(200);
  expect((await del(owner, byOwner)).status).toBe(200);
});

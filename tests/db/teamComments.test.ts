// Comments and mentions over HTTP with accounts (issue 10): signed-in members post on a run's
// board edit with an @mention; the mentioned member finds it in GET /api/mentions and marks it
// read; another member cannot edit or delete it, the owner can delete it; a viewer may read the
// thread but not post or set a status; nothing changes when refused.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUT as statusPut } from '../../app/api/runs/[runId]/board/[childId]/status/route';
import { GET as commentsGet, POST as commentsPost } from '../../app/api/runs/[runId]/comments/route';
import { DELETE as commentDelete, PATCH as commentPatch } from '../../app/api/runs/[runId]/comments/[commentId]/route';
import { GET as mentionsGet } from '../../app/api/mentions/route';
import { POST as mentionsRead } from '../../app/api/mentions/read/route';
import { GET as people } from '../../app/api/mentions/people/route';
import { pool, prisma } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { createAccount, removeAccounts, type TestAccount } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase({ after: removeAccounts });

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, method: string, who: TestAccount, params: Record<string, string> = {}, body?: unknown, query = '') {
  const req = new NextRequest(`http://${host}/api/x${query}`, {
    method,
    headers: { host, cookie: who.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

let runId = '';
let childId = '';
let owner: TestAccount, ann: TestAccount, bob: TestAccount, viewer: TestAccount;

beforeAll(async () => {
  const stored = await storeImportedRun({
    run: { name: `team-${tag}`, framework: 'custom', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: [0, 1].map((i) => ({ externalId: `p${i}`, code: `# ${tag} ${i}\n`, iteration: i, valid: true, score: i, metrics: { score: i }, parents: i ? [{ externalId: 'p0' }] : [] })),
  });
  runId = stored.runId;
  runIds.push(runId);
  childId = (await prisma().program.findFirstOrThrow({ where: { runId, externalId: 'p1' } })).id;
  owner = await createAccount('owner', `team-${tag}`);
  ann = await createAccount('member', `team-${tag}`);
  bob = await createAccount('member', `team-${tag}`);
  viewer = await createAccount('viewer', `team-${tag}`);
});
afterAll(async () => {
  await pool().query('DELETE FROM comments WHERE run_id = $1', [runId]);
});

it('a mention reaches the mentioned member; authorship and roles hold over HTTP', async () => {
  const listed = await call(people, 'GET', ann);
  expect(listed.body.users.map((u: { email: string }) => u.email)).toContain(bob.user.email);

  const posted = await call(commentsPost, 'POST', ann, { runId }, { target: 'edit', programId: childId, body: `@${bob.user.email} is this **real**?` });
  expect(posted.status).toBe(201);
  expect(posted.body).toMatchObject({ author: { id: ann.user.id, kind: 'user' }, mentions: [{ userId: bob.user.id }] });
  const id = posted.body.id as string;

  const bobs = await call(mentionsGet, 'GET', bob);
  expect(bobs.body).toMatchObject({ singleUser: false, unread: 1 });
  expect(bobs.body.mentions.map((m: { comment: { id: string } }) => m.comment.id)).toEqual([id]);
  expect((await call(mentionsGet, 'GET', ann)).body).toMatchObject({ unread: 0, mentions: [] });
  expect((await call(mentionsRead, 'POST', bob, {}, { commentIds: [id] })).body).toEqual({ marked: 1, unread: 0 });

  const before = await prisma().comment.findUniqueOrThrow({ where: { id } });
  expect((await call(commentPatch, 'PATCH', bob, { runId, commentId: id }, { body: 'hijack' })).status).toBe(403);
  expect((await call(commentDelete, 'DELETE', bob, { runId, commentId: id })).status).toBe(403);
  expect((await call(commentsPost, 'POST', viewer, { runId }, { target: 'edit', programId: childId, body: 'viewer' })).status).toBe(403);
  expect((await call(statusPut, 'PUT', viewer, { runId, childId }, { status: 'confirmed' })).status).toBe(403);
  expect((await call(people, 'GET', viewer)).status).toBe(403);
  expect(await prisma().comment.findUniqueOrThrow({ where: { id } })).toEqual(before);
  expect(await prisma().editReview.count({ where: { runId } })).toBe(0);
  // A viewer reads the thread.
  const seen = await call(commentsGet, 'GET', viewer, { runId }, undefined, `?target=edit&programId=${childId}`);
  expect(seen.body.comments).toHaveLength(1);
  expect(seen.body.comments[0]).toMatchObject({ canEdit: false, canDelete: false });

  expect((await call(statusPut, 'PUT', bob, { runId, childId }, { status: 'disputed' })).status).toBe(200);
  expect((await call(commentDelete, 'DELETE', owner, { runId, commentId: id })).status).toBe(200);
  expect((await call(mentionsGet, 'GET', bob)).body.mentions).toEqual([]);
  const trail = await pool().query<{ action: string; actor_id: string }>(
    "SELECT action, actor_id FROM audit_log WHERE action IN ('review.status', 'comment.delete') AND (target_id = $1 OR target_id = $2) ORDER BY id",
    [id, `${runId}/${childId}`],
  );
  expect(trail.rows).toEqual([
    { action: 'review.status', actor_id: bob.user.id },
    { action: 'comment.delete', actor_id: owner.user.id },
  ]);
});

// The breakthrough review board (issue 10 item 4): best-so-far edits with jumps and judge labels,
// review statuses (audited), comment threads with authorship rules, @mentions and "mentions of
// me", permalinks, the owners' audit log page, and audit entries of run deletion.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as boardGet } from '../../app/api/runs/[runId]/board/route';
import { PUT as statusPut } from '../../app/api/runs/[runId]/board/[childId]/status/route';
import { GET as commentsGet, POST as commentsPost } from '../../app/api/runs/[runId]/comments/route';
import { DELETE as commentDelete, GET as commentGet, PATCH as commentPatch } from '../../app/api/runs/[runId]/comments/[commentId]/route';
import { DELETE as runDelete } from '../../app/api/runs/[runId]/route';
import { GET as mentionsGet } from '../../app/api/mentions/route';
import { commentHref, type Board, type CommentView } from '../../lib/contracts/api/board';
import type { Actor } from '../../lib/contracts/permissions';
import { auditPage } from '../../lib/db/auditLog';
import { pool, prisma } from '../../lib/db/client';
import { createComment, deleteComment, editComment, listComments, listMentions, markMentionsRead, mentionableUsers, unreadMentionCount } from '../../lib/db/comments';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase();

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, method: string, params: Record<string, string>, body?: unknown, query = '') {
  const req = new NextRequest(`http://${host}/api/x${query}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

/** Scores 1, 3, 2, 6, 6: best-so-far points p0 (1), p1 (3, +2), p3 (6, +3). */
function run(name: string): ImportedRun {
  const scores = [1, 3, 2, 6, 6];
  return {
    run: { name: `board-${tag}-${name}`, framework: 'custom', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: scores.map((score, i) => ({
      externalId: `p${i}`,
      code: `# ${tag} ${name} ${i}\nx = ${i}\n`,
      iteration: i,
      valid: true,
      score,
      metrics: { score },
      parents: i ? [{ externalId: `p${i - 1}` }] : [],
    })),
  };
}

let runId = '';
let other = '';
const ids: Record<string, string> = {};
const audits = async (action: string) =>
  (await pool().query<{ actor_kind: string; target_id: string; details: Record<string, unknown> }>('SELECT actor_kind, target_id, details FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;

beforeAll(async () => {
  runId = (await storeImportedRun(run('a'))).runId;
  other = (await storeImportedRun(run('b'))).runId;
  runIds.push(runId, other);
  for (const p of await prisma().program.findMany({ where: { runId }, select: { id: true, externalId: true } })) ids[p.externalId] = p.id;
  await pool().query(
    `INSERT INTO edit_judgements (id, run_id, child_id, parent_id, judge, status, labels, diff_hash)
     VALUES (gen_random_uuid(), $1, $2, $3, 'offline@2', 'judged', ARRAY['local_refinement','bug_fix'], 'h1'), (gen_random_uuid(), $1, $2, $3, 'llm:gpt', 'judged', ARRAY['architectural_change'], 'h1')`,
    [runId, ids.p3, ids.p2],
  );
  await pool().query('DELETE FROM audit_log');
});

describe('single-user workbench (actor local)', () => {
  it('lists the best-so-far edits in order with jump, parent and judge labels', async () => {
    const { status, body } = await call(boardGet, 'GET', { runId });
    expect(status).toBe(200);
    const board = body as Board;
    expect(board.metric).toBe('score');
    expect(board.edits.map((e) => [e.childExternalId, e.parentExternalId, e.score, e.jump])).toEqual([
      ['p0', null, 1, null],
      ['p1', 'p0', 3, 2],
      ['p3', 'p2', 6, 3],
    ]);
    expect(board.edits[2].judgeLabels).toEqual([
      { judge: 'llm:gpt', status: 'judged', labels: ['architectural_change'] },
      { judge: 'offline@2', status: 'judged', labels: ['local_refinement', 'bug_fix'] },
    ]);
    expect(board.judges).toEqual(['llm:gpt', 'offline@2']);
    expect(board.edits.every((e) => e.status === 'unreviewed' && e.comments === 0)).toBe(true);
  });

  it('sets a status, audits the change once, refuses bad input and other runs', async () => {
    const put = (childId: string, body: unknown, r = runId) => call(statusPut, 'PUT', { runId: r, childId }, body);
    expect((await put(ids.p3, { status: 'confirmed' })).body).toEqual({ from: 'unreviewed', to: 'confirmed' });
    expect((await put(ids.p3, { status: 'confirmed' })).status).toBe(200);
    expect((await put(ids.p3, { status: 'disputed' })).body).toEqual({ from: 'confirmed', to: 'disputed' });
    const bad = await put(ids.p3, { status: 'approved' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/status must be one of unreviewed, confirmed, disputed/);
    expect((await put(ids.p3, { status: 'confirmed' }, other)).status).toBe(404);
    const rows = await audits('review.status');
    expect(rows.map((r) => [r.actor_kind, r.details.from, r.details.to, r.details.program])).toEqual([
      ['local', 'unreviewed', 'confirmed', 'p3'],
      ['local', 'confirmed', 'disputed', 'p3'],
    ]);
    const board = (await call(boardGet, 'GET', { runId })).body as Board;
    expect(board.edits[2]).toMatchObject({ status: 'disputed', statusBy: 'local' });
  });

  it('posts, edits and softly deletes comments authored by local; permalinks find them', async () => {
    const body = 'Looks like a **real** jump: <script>alert(1)</script> [x](javascript:alert(1))';
    const posted = await call(commentsPost, 'POST', { runId }, { target: 'edit', programId: ids.p3, body });
    expect(posted.status).toBe(201);
    const c = posted.body as CommentView;
    expect(c).toMatchObject({ author: { id: null, kind: 'local', name: 'local' }, body, canEdit: true, canDelete: true, mentions: [] });
    const second = (await call(commentsPost, 'POST', { runId }, { target: 'edit', programId: ids.p3, body: 'second' })).body as CommentView;
    expect((await call(commentsPost, 'POST', { runId }, { target: 'edit', programId: ids.p3, body: '   ' })).status).toBe(400);
    expect((await call(commentsPost, 'POST', { runId: other }, { target: 'edit', programId: ids.p3, body: 'x' })).status).toBe(404);
    // A program comment and a diff-line comment live in their own threads.
    await call(commentsPost, 'POST', { runId }, { target: 'program', programId: ids.p3, body: 'on the program' });
    const onLine = await call(commentsPost, 'POST', { runId }, { target: 'diff', programId: ids.p3, line: 2, body: 'this line' });
    expect(onLine.body).toMatchObject({ target: 'diff', line: 2 });

    const thread = await call(commentsGet, 'GET', { runId }, undefined, `?target=edit&programId=${ids.p3}`);
    expect(thread.body.comments.map((x: CommentView) => x.body)).toEqual([body, 'second']);
    expect((await call(commentsGet, 'GET', { runId }, undefined, `?target=diff&programId=${ids.p3}`)).body.comments).toHaveLength(1);

    const edited = await call(commentPatch, 'PATCH', { runId, commentId: second.id }, { body: 'second, edited' });
    expect(edited.body).toMatchObject({ body: 'second, edited' });
    expect(edited.body.editedAt).not.toBeNull();
    const gone = await call(commentDelete, 'DELETE', { runId, commentId: second.id });
    expect(gone.body).toMatchObject({ body: '', canEdit: false, canDelete: false });
    expect(gone.body.deletedAt).not.toBeNull();
    expect((await call(commentDelete, 'DELETE', { runId, commentId: second.id })).status).toBe(409);
    expect((await call(commentPatch, 'PATCH', { runId, commentId: second.id }, { body: 'again' })).status).toBe(409);
    // The board counts live comments on the edit only.
    expect(((await call(boardGet, 'GET', { runId })).body as Board).edits[2].comments).toBe(1);

    // Permalinks: the comment by id, only within its run; its anchor opens the edit on the board.
    expect((await call(commentGet, 'GET', { runId, commentId: c.id })).body).toMatchObject({ id: c.id, body });
    expect((await call(commentGet, 'GET', { runId: other, commentId: c.id })).status).toBe(404);
    expect(commentHref(c)).toBe(`/runs/${runId}/board?edit=${ids.p3}#comment-${c.id}`);
    expect(commentHref(onLine.body)).toBe(`/runs/${runId}/programs/${ids.p3}/diff#comment-${onLine.body.id}`);
  });

  it('has nobody to mention: the mentions list says single-user', async () => {
    expect((await call(mentionsGet, 'GET', {})).body).toEqual({ singleUser: true, unread: 0, mentions: [] });
  });

  it('audits a run deletion with its name', async () => {
    const doomed = (await storeImportedRun(run('doomed'))).runId;
    expect((await call(runDelete, 'DELETE', { runId: doomed })).status).toBe(200);
    expect(await audits('run.delete')).toEqual([{ actor_kind: 'local', target_id: doomed, details: { name: `board-${tag}-doomed`, programs: 5 } }]);
  });
});

describe('team: authorship and mentions', () => {
  const users: Record<string, { id: string; email: string; name: string }> = {};
  const as = (who: string, role: 'owner' | 'member' | 'viewer' = 'member'): Actor => ({ kind: 'user', user: users[who], role });
  beforeAll(async () => {
    for (const who of ['ann', 'bob', 'own', 'off']) {
      const u = { id: `u-${tag}-${who}`, email: `${who}-${tag}@example.org`, name: who.toUpperCase() };
      await prisma().user.create({ data: { ...u, role: who === 'own' ? 'owner' : 'member', disabled: who === 'off' } });
      users[who] = u;
    }
  });
  afterAll(async () => {
    // Other test files expect the single-user mode (no account).
    await pool().query('DELETE FROM users WHERE id = ANY($1)', [Object.values(users).map((u) => u.id)]);
  });

  it('lets only the author edit, the author or an owner delete', async () => {
    const c = await createComment(as('ann'), runId, { target: 'program', programId: ids.p1, body: 'mine' });
    expect(c).toMatchObject({ author: { id: users.ann.id, kind: 'user', name: 'ANN' }, canEdit: true, canDelete: true });
    const seenByBob = (await listComments(as('bob'), runId, { target: 'program', programId: ids.p1 })).find((x) => x.id === c.id)!;
    expect(seenByBob).toMatchObject({ canEdit: false, canDelete: false });
    const seenByOwner = (await listComments(as('own', 'owner'), runId, { target: 'program', programId: ids.p1 })).find((x) => x.id === c.id)!;
    expect(seenByOwner).toMatchObject({ canEdit: false, canDelete: true });

    await expect(editComment(as('bob'), c.id, 'hijacked')).rejects.toMatchObject({ status: 403 });
    await expect(deleteComment(as('bob'), c.id)).rejects.toMatchObject({ status: 403 });
    await expect(editComment(as('own', 'owner'), c.id, 'owner edit')).rejects.toMatchObject({ status: 403 });
    expect((await prisma().comment.findUniqueOrThrow({ where: { id: c.id } })).body).toBe('mine');
    expect((await editComment(as('ann'), c.id, 'mine, edited')).body).toBe('mine, edited');

    await deleteComment(as('own', 'owner'), c.id);
    expect((await prisma().comment.findUniqueOrThrow({ where: { id: c.id } })).deletedAt).not.toBeNull();
    const moderation = await audits('comment.delete');
    expect(moderation.at(-1)).toMatchObject({ target_id: c.id, details: { author: users.ann.email } });
    // Deleting one's own comment leaves no moderation trace.
    const own = await createComment(as('bob'), runId, { target: 'program', programId: ids.p1, body: 'tmp' });
    await deleteComment(as('bob'), own.id);
    expect((await audits('comment.delete')).filter((r) => r.target_id === own.id)).toEqual([]);
  });

  it('stores @mentions as user ids, lists them for the mentioned user, marks them read', async () => {
    expect((await mentionableUsers()).map((u) => u.email)).toEqual([users.ann.email, users.bob.email, users.own.email].sort());
    const c = await createComment(as('ann'), runId, {
      target: 'edit',
      programId: ids.p3,
      body: `@${users.bob.email.toUpperCase()} please check; not @${users.off.email} nor \`@${users.own.email}\``,
    });
    expect(c.mentions).toEqual([{ userId: users.bob.id, email: users.bob.email, name: 'BOB' }]);
    const stored = await pool().query('SELECT user_id FROM comment_mentions WHERE comment_id = $1', [c.id]);
    expect(stored.rows).toEqual([{ user_id: users.bob.id }]);

    expect(await unreadMentionCount(users.bob.id)).toBe(1);
    expect(await unreadMentionCount(users.ann.id)).toBe(0);
    const list = await listMentions(as('bob'), users.bob.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ readAt: null, runName: `board-${tag}-a`, href: `/runs/${runId}/board?edit=${ids.p3}#comment-${c.id}` });
    expect(await markMentionsRead(users.bob.id, [c.id])).toBe(1);
    expect(await unreadMentionCount(users.bob.id)).toBe(0);
    expect((await listMentions(as('bob'), users.bob.id, { unreadOnly: true }))).toEqual([]);
    expect((await listMentions(as('bob'), users.bob.id))[0].readAt).not.toBeNull();

    // Editing the mention away removes it from Bob's list; mentioning the owner adds it there.
    await editComment(as('ann'), c.id, `over to @${users.own.email}`);
    expect(await listMentions(as('bob'), users.bob.id)).toEqual([]);
    expect(await unreadMentionCount(users.own.id)).toBe(1);
    // A deleted comment leaves the list.
    await deleteComment(as('ann'), c.id);
    expect(await unreadMentionCount(users.own.id)).toBe(0);
  });

  it('records status changes by a user with their id', async () => {
    const { setReviewStatus } = await import('../../lib/db/board');
    await setReviewStatus(as('bob'), runId, ids.p1, 'confirmed');
    const row = await pool().query('SELECT actor_id, actor_kind FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1', ['review.status']);
    expect(row.rows[0]).toEqual({ actor_id: users.bob.id, actor_kind: 'user' });
  });
});

describe('audit log page', () => {
  it('filters by action (exact or prefix) and pages by id', async () => {
    const all = await auditPage({ limit: 500 });
    expect(all.actions).toEqual(expect.arrayContaining(['review.status', 'run.delete', 'comment.delete']));
    const statuses = await auditPage({ action: 'review.status', limit: 2 });
    expect(statuses.entries).toHaveLength(2);
    expect(statuses.entries.every((e) => e.action === 'review.status')).toBe(true);
    expect(statuses.nextBefore).toBe(statuses.entries[1].id);
    const rest = await auditPage({ action: 'review.status', limit: 2, before: statuses.nextBefore! });
    expect(rest.entries).toHaveLength(1);
    expect(rest.nextBefore).toBeNull();
    expect(Number(rest.entries[0].id)).toBeLessThan(Number(statuses.entries[1].id));
    expect((await auditPage({ action: 'review.', limit: 50 })).entries).toHaveLength(3);
    expect((await auditPage({ action: 'review', limit: 50 })).entries).toHaveLength(0);
  });
});

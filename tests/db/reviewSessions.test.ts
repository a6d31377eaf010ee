// Blind labelling through the route handlers on the single-user workbench (reviewer 'local'):
// creating a session samples the run's edits; the item API is blind (only the sources, the
// language and the caller's own labels: no ids, scores, judge labels or rationale, no other
// reviewer's labels); save, skip and resume; labels hidden until the reviewer has finished;
// the export re-imports to identical labels; a bad file is refused line by line with nothing stored.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as LIST, POST as CREATE } from '../../app/api/reviews/route';
import { DELETE as REMOVE, GET as SESSION } from '../../app/api/reviews/[sessionId]/route';
import { POST as ASSIGN } from '../../app/api/reviews/[sessionId]/reviewers/route';
import { GET as ITEM, PUT as SAVE } from '../../app/api/reviews/[sessionId]/items/[position]/route';
import { GET as EXPORT } from '../../app/api/reviews/[sessionId]/export/route';
import { POST as IMPORT } from '../../app/api/reviews/[sessionId]/import/route';
import { pool } from '../../lib/db/client';
import { saveReviewLabel } from '../../lib/db/reviews';
import { FIXTURE_JUDGE, fixtureScore, makeReviewRun, SECRET_RATIONALE } from '../helpers/reviewFixture';
import { useTestDatabase } from '../helpers/dbTest';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase();
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, params: Record<string, string> = {}, body?: unknown) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* JSONL */
  }
  return { status: res.status, text, body: json };
}

let runId = '';
let ids = new Map<string, string>();
beforeAll(async () => {
  ({ runId, ids } = await makeReviewRun());
  runIds.push(runId);
});

const create = (over: Record<string, unknown> = {}) =>
  call(CREATE, 'POST', '/api/reviews', {}, { name: 'blind test', runIds: [runId], sampling: 'stratified', size: 10, judge: FIXTURE_JUDGE, seed: 42, ...over });
const item = (sessionId: string, position: number) => call(ITEM, 'GET', `/api/reviews/${sessionId}/items/${position}`, { sessionId, position: String(position) });
const save = (sessionId: string, position: number, body: unknown) =>
  call(SAVE, 'PUT', `/api/reviews/${sessionId}/items/${position}`, { sessionId, position: String(position) }, body);
const session = (sessionId: string) => call(SESSION, 'GET', `/api/reviews/${sessionId}`, { sessionId });

describe('review sessions', () => {
  it('creates a seeded stratified sample of the run, the same for the same seed', async () => {
    const a = await create();
    expect(a.status).toBe(201);
    expect(a.body.items).toBe(10);
    const b = await create();
    const order = async (id: string) =>
      (await pool().query('SELECT child_id FROM review_items WHERE session_id = $1 ORDER BY position', [id])).rows.map((r) => r.child_id);
    expect(await order(b.body.id)).toEqual(await order(a.body.id));
    const listed = await call(LIST, 'GET', `/api/reviews?run=${runId}`);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([a.body.id, b.body.id]));
    expect(listed.body.sessions[0].reviewers).toEqual([{ reviewer: 'local', name: 'local', labelled: 0, skipped: 0 }]);
  });

  it('takes only best-so-far edits when asked, and refuses bad input by name', async () => {
    const bsf = await create({ sampling: 'best-so-far', size: 50 });
    expect(bsf.status).toBe(201);
    const children = (await pool().query('SELECT c.external_id FROM review_items i JOIN programs c ON c.id = i.child_id WHERE session_id = $1', [bsf.body.id])).rows;
    // Scores rise except at i % 3 == 0: the strict improvements among g1..g12.
    let best = fixtureScore(0);
    const expected: string[] = [];
    for (let i = 1; i <= 12; i++) if (fixtureScore(i) > best) (best = fixtureScore(i)), expected.push(`g${i}`);
    expect(children.map((r) => r.external_id).sort()).toEqual(expected.sort());
    expect((await create({ size: 0 })).status).toBe(400);
    expect((await create({ runIds: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(404);
    const other = await create({ reviewers: ['someone-else'] });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/only reviewer is "local"/);
  });

  it('sends the reviewer nothing but the sources, the language and their own labels', async () => {
    const { body } = await create();
    const sessionId = body.id;
    // Another reviewer's labels on item 0 (stored directly: the workbench has one reviewer).
    await pool().query(`INSERT INTO review_assignments (session_id, reviewer) VALUES ($1, 'other')`, [sessionId]);
    await saveReviewLabel(sessionId, 0, 'other', { labels: ['pruning', 'refactor'], note: 'OTHER-NOTE-5521', skipped: false });
    const first = await item(sessionId, 0);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['language', 'mine', 'modified', 'original', 'position', 'total']);
    expect(first.body).toMatchObject({ position: 0, total: 10, language: 'python', mine: null });
    const text = first.text;
    expect(text).not.toContain(SECRET_RATIONALE);
    expect(text).not.toContain('OTHER-NOTE-5521');
    expect(text).not.toMatch(/pruning|refactor|local_refinement|bug_fix|hyperparameter|score/);
    for (const id of ids.values()) expect(text).not.toContain(id);
    for (let i = 0; i <= 12; i++) expect(text).not.toContain(String(fixtureScore(i)));
    // The session answer carries progress, not labels.
    const s = await session(sessionId);
    expect(s.text).not.toContain('OTHER-NOTE-5521');
    expect(s.text).not.toMatch(/pruning|refactor/);
  });

  it('saves, skips, goes back and resumes at the first item with nothing saved', async () => {
    const { body } = await create();
    const sessionId = body.id;
    expect((await session(sessionId)).body.me).toEqual({ reviewer: 'local', assigned: true, next: 0 });
    expect((await save(sessionId, 0, { labels: ['refactor', 'bug_fix'], note: 'guard added' })).status).toBe(200);
    expect((await save(sessionId, 1, { skipped: true })).status).toBe(200);
    expect((await save(sessionId, 3, { labels: ['pruning'] })).status).toBe(200);
    expect((await session(sessionId)).body.me.next).toBe(2);
    expect((await item(sessionId, 0)).body.mine).toEqual({ labels: ['bug_fix', 'refactor'], note: 'guard added', skipped: false });
    expect((await item(sessionId, 1)).body.mine).toEqual({ labels: [], note: '', skipped: true });
    // Back to item 0 and relabel: replaced, not added.
    await save(sessionId, 0, { labels: ['local_refinement'], note: '' });
    expect((await item(sessionId, 0)).body.mine.labels).toEqual(['local_refinement']);
    const progress = (await session(sessionId)).body.session.reviewers[0];
    expect(progress).toMatchObject({ reviewer: 'local', labelled: 2, skipped: 1 });
    expect((await save(sessionId, 99, { labels: [] })).status).toBe(404);
    const bad = await save(sessionId, 2, { labels: ['bugfix'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/labels/);
  });

  it('exports only after the reviewer finished, and the export re-imports to identical labels', async () => {
    const { body } = await create();
    const sessionId = body.id;
    const exportOf = (reviewer: string) => call(EXPORT, 'GET', `/api/reviews/${sessionId}/export?reviewer=${reviewer}`, { sessionId });
    await save(sessionId, 0, { labels: ['bug_fix'] });
    const early = await exportOf('local');
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/finish your own labelling first \(9 of 10/);
    const all = ['hyperparameter_tuning', 'local_refinement', 'architectural_change', 'composition', 'efficiency', 'bug_fix', 'pruning', 'refactor', 'external_dependency'];
    for (let p = 0; p < 10; p++) {
      await save(sessionId, p, p === 4 ? { skipped: true, note: 'unreadable' } : { labels: [all[p % 9], all[(p * 4) % 9]], note: p === 2 ? 'a "quoted"\nnote' : '' });
    }
    const exported = await exportOf('local');
    expect(exported.status).toBe(200);
    const lines = exported.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(10);
    expect(Object.keys(lines[0]).sort()).toEqual(['child_id', 'diff', 'labels', 'note', 'parent_id', 'run']);
    expect(lines[0].run).toBe(runId);
    expect(lines[0].diff).toMatch(/^--- parent\n\+\+\+ child\n@@/);
    const stored = async (reviewer: string) =>
      (await pool().query(
        `SELECT i.position, l.labels, l.note, l.skipped FROM review_labels l JOIN review_items i ON i.id = l.item_id
         WHERE i.session_id = $1 AND l.reviewer = $2 ORDER BY i.position`,
        [sessionId, reviewer],
      )).rows;
    // Import it as a second labelling ('local' again after wiping, so the reviewer is valid here).
    const before = await stored('local');
    await pool().query(`DELETE FROM review_labels WHERE reviewer = 'local' AND item_id IN (SELECT id FROM review_items WHERE session_id = $1)`, [sessionId]);
    const imported = await call(IMPORT, 'POST', `/api/reviews/${sessionId}/import`, { sessionId }, { reviewer: 'local', text: exported.text });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ imported: 10 });
    expect(await stored('local')).toEqual(before);
    expect((await exportOf('local')).text).toBe(exported.text);
  });

  it('refuses a bad file line by line and stores nothing', async () => {
    const { body } = await create();
    const sessionId = body.id;
    const good = JSON.stringify({ run: runId, child_id: (await pool().query('SELECT child_id FROM review_items WHERE session_id = $1 AND position = 0', [sessionId])).rows[0].child_id, labels: ['bug_fix'] });
    const foreign = JSON.stringify({ run: runId, child_id: ids.get('g0'), labels: [] });
    const r1 = await call(IMPORT, 'POST', `/api/reviews/${sessionId}/import`, { sessionId }, { reviewer: 'local', text: `${good}\n{oops\n` });
    expect(r1.status).toBe(400);
    expect(r1.body.errors).toEqual(['line 2: not valid JSON']);
    const r2 = await call(IMPORT, 'POST', `/api/reviews/${sessionId}/import`, { sessionId }, { reviewer: 'local', text: `${good}\n${foreign}\n` });
    expect(r2.status).toBe(400);
    expect(r2.body.errors[0]).toMatch(/^line 2: edit .* is not in this session/);
    const n = await pool().query('SELECT count(*)::int AS n FROM review_labels l JOIN review_items i ON i.id = l.item_id WHERE i.session_id = $1', [sessionId]);
    expect(n.rows[0].n).toBe(0);
  });

  it('assigns reviewers (checked) and deletes a session with its labels, both audited', async () => {
    const { body } = await create();
    const sessionId = body.id;
    await save(sessionId, 0, { labels: ['bug_fix'] });
    const again = await call(ASSIGN, 'POST', `/api/reviews/${sessionId}/reviewers`, { sessionId }, { reviewers: ['local'] });
    expect(again.status).toBe(200);
    expect(again.body.added).toBe(0);
    const stranger = await call(ASSIGN, 'POST', `/api/reviews/${sessionId}/reviewers`, { sessionId }, { reviewers: ['nobody-here'] });
    expect(stranger.status).toBe(400);
    const removed = await call(REMOVE, 'DELETE', `/api/reviews/${sessionId}`, { sessionId });
    expect(removed.status).toBe(200);
    expect((await session(sessionId)).status).toBe(404);
    const left = await pool().query('SELECT (SELECT count(*) FROM review_items WHERE session_id = $1)::int AS items', [sessionId]);
    expect(left.rows[0].items).toBe(0);
    const audited = await pool().query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [sessionId]);
    expect(audited.rows.map((r) => r.action)).toEqual(['review.create', 'review.delete']);
    expect((await call(REMOVE, 'DELETE', `/api/reviews/${sessionId}`, { sessionId })).status).toBe(404);
  });
});

// The agreement page's API against a hand-computed fixture: 'local' labels 10 items (one
// skipped), a second labelling is imported as 'gold:second'; per-label kappa, macro kappa,
// exact match, Jaccard and micro F1 are the figures worked out by hand below, the disagreements
// are the items whose label sets differ; the judge is the session's, switchable; nothing is
// shown to the reviewer before they finish.
import { NextRequest } from 'next/server';
import { beforeAll, expect, it } from 'vitest';
import { POST as CREATE } from '../../app/api/reviews/route';
import { PUT as SAVE } from '../../app/api/reviews/[sessionId]/items/[position]/route';
import { GET as AGREEMENT } from '../../app/api/reviews/[sessionId]/agreement/route';
import { POST as IMPORT } from '../../app/api/reviews/[sessionId]/import/route';
import { pool } from '../../lib/db/client';
import { FIXTURE_JUDGE, makeReviewRun } from '../helpers/reviewFixture';
import { useTestDatabase } from '../helpers/dbTest';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase();
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, params: Record<string, string>, body?: unknown) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

// Position -> labels. 'local' skips position 9, so the figures are over the other 9 items.
const LOCAL: (string[] | 'skip')[] = [['bug_fix'], ['bug_fix'], ['bug_fix'], ['bug_fix'], [], ['refactor'], ['refactor'], ['pruning'], [], 'skip'];
const SECOND: string[][] = [['bug_fix'], ['bug_fix'], ['bug_fix'], [], ['bug_fix'], ['bug_fix', 'refactor'], ['refactor'], [], [], ['local_refinement']];
// By hand, n = 9 (kappa = (n(both+neither) - E) / (n^2 - E), E = A*B + (n-A)(n-B)):
// bug_fix: both 3, onlyA 1, onlyB 2, neither 3; A=4, B=5, E=20+20=40: (54-40)/(81-40) = 14/41.
// refactor: both 2, neither 7; A=B=2, E=4+49=53: (81-53)/(81-53) = 1.
// pruning: onlyA 1, neither 8; A=1, B=0, E=72: (72-72)/(81-72) = 0.
// local_refinement: only on the skipped item: unused, kappa null (E = 81).
// Exact match: positions 0,1,2,6,8 -> 5/9. Jaccard: 1+1+1+0+0+1/2+1+0+1 = 5.5 -> 5.5/9.
// Micro: tp 5, fp 2 (bug_fix at 4 and 5), fn 2 (bug_fix at 3, pruning at 7): F1 = 10/14.
const KAPPA = { bug_fix: 14 / 41, refactor: 1, pruning: 0, local_refinement: null, composition: null };

let runId = '';
beforeAll(async () => {
  ({ runId } = await makeReviewRun('agreement fixture'));
  runIds.push(runId);
});

it('computes the hand-worked figures and lists the disagreements, only once the reviewer finished', async () => {
  const created = await call(CREATE, 'POST', '/api/reviews', {}, { name: 'agreement', runIds: [runId], sampling: 'stratified', size: 10, judge: FIXTURE_JUDGE, seed: 5 });
  expect(created.status).toBe(201);
  const sessionId = created.body.id;
  const agreementOf = (judge?: string) =>
    call(AGREEMENT, 'GET', `/api/reviews/${sessionId}/agreement${judge === undefined ? '' : `?judge=${encodeURIComponent(judge)}`}`, { sessionId });
  expect((await agreementOf()).status).toBe(403);
  for (let p = 0; p < 10; p++) {
    const v = LOCAL[p];
    const res = await call(SAVE, 'PUT', `/api/reviews/${sessionId}/items/${p}`, { sessionId, position: String(p) }, v === 'skip' ? { skipped: true } : { labels: v });
    expect(res.status).toBe(200);
  }
  const items = (await pool().query('SELECT run_id, child_id FROM review_items WHERE session_id = $1 ORDER BY position', [sessionId])).rows;
  const text = SECOND.map((labels, p) => JSON.stringify({ run: items[p].run_id, child_id: items[p].child_id, labels, note: '' })).join('\n');
  const imported = await call(IMPORT, 'POST', `/api/reviews/${sessionId}/import`, { sessionId }, { reviewer: 'gold:second', text });
  expect(imported.body).toEqual({ imported: 10 });

  const { status, body } = await agreementOf();
  expect(status).toBe(200);
  expect(body.judge).toBe(FIXTURE_JUDGE);
  expect(body.judges).toEqual([FIXTURE_JUDGE]);
  // Judge vs each reviewer, then the reviewers' pair.
  expect(body.pairs.map((p: any) => `${p.a.key} vs ${p.b.key}`)).toEqual([`local vs judge:${FIXTURE_JUDGE}`, `gold:second vs judge:${FIXTURE_JUDGE}`, 'local vs gold:second']);
  expect(body.pairs[0].report.n).toBe(9);
  expect(body.pairs[1].report.n).toBe(10);
  const pair = body.pairs[2];
  expect(pair.report.n).toBe(9);
  for (const [label, kappa] of Object.entries(KAPPA)) {
    const got = pair.report.perLabel.find((l: any) => l.label === label).kappa;
    if (kappa === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(kappa, 12);
  }
  expect(pair.report.perLabel.find((l: any) => l.label === 'bug_fix')).toMatchObject({ both: 3, onlyA: 1, onlyB: 2, neither: 3 });
  expect(pair.report.macroKappa).toBeCloseTo((14 / 41 + 1 + 0) / 3, 12);
  expect(pair.report.exactMatch).toBeCloseTo(5 / 9, 12);
  expect(pair.report.meanJaccard).toBeCloseTo(5.5 / 9, 12);
  expect(pair.report.micro.f1).toBeCloseTo(10 / 14, 12);
  expect(pair.disagreements.map((d: any) => d.position)).toEqual([3, 4, 5, 7]);
  expect(pair.disagreements[2]).toMatchObject({ a: ['refactor'], b: ['bug_fix', 'refactor'], runId, childId: items[5].child_id });

  // Another judge (none here) and no judge at all.
  const none = await agreementOf('');
  expect(none.body.pairs).toHaveLength(1);
  const unknown = await agreementOf('llm:m@rubric-1');
  expect(unknown.body.pairs[0].report.n).toBe(0);
});

it('keeps several reviewers apart: own progress and resume, no one else\'s labels, a pair per two reviewers', async () => {
  const { createReviewSession, nextUnlabelled, reviewItem, saveReviewLabel } = await import('../../lib/db/reviews');
  const created = await createReviewSession({ name: 'two', createdBy: null, runIds: [runId], sampling: 'stratified', size: 4, judge: null, seed: 9, reviewers: ['u-ann', 'u-bob'] });
  const sessionId = created!.id;
  await saveReviewLabel(sessionId, 0, 'u-ann', { labels: ['efficiency'], note: 'ANN-NOTE', skipped: false });
  await saveReviewLabel(sessionId, 1, 'u-ann', { labels: ['pruning'], note: '', skipped: false });
  await saveReviewLabel(sessionId, 0, 'u-bob', { labels: ['composition'], note: '', skipped: false });
  expect(await nextUnlabelled(sessionId, 'u-ann')).toBe(2);
  expect(await nextUnlabelled(sessionId, 'u-bob')).toBe(1);
  const bobSees = await reviewItem(sessionId, 0, 'u-bob');
  expect(bobSees!.mine).toEqual({ labels: ['composition'], note: '', skipped: false });
  expect(JSON.stringify(bobSees)).not.toMatch(/ANN-NOTE|efficiency/);
  // The workbench ('local') is not a reviewer here: it may not label, but it may read the figures.
  const item = await call(SAVE, 'PUT', `/api/reviews/${sessionId}/items/0`, { sessionId, position: '0' }, { labels: [] });
  expect(item.status).toBe(403);
  const { body } = await call(AGREEMENT, 'GET', `/api/reviews/${sessionId}/agreement`, { sessionId });
  // No stratification judge: the judge that labelled most of the items is the default.
  expect(body.judge).toBe(FIXTURE_JUDGE);
  expect(body.pairs.map((p: any) => `${p.a.key} vs ${p.b.key}`)).toEqual([`u-ann vs judge:${FIXTURE_JUDGE}`, `u-bob vs judge:${FIXTURE_JUDGE}`, 'u-ann vs u-bob']);
  expect(body.pairs[0].report.n).toBe(2);
  expect(body.pairs[2].report.n).toBe(1);
  expect(body.pairs[2].disagreements).toHaveLength(1);
});

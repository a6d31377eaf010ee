// Ablation of an edit (issue 11 item 3, "What it must show": "Ablation on a demo edit with two
// hunks of which one carries the gain: the report says which"). The parent is the demo's
// circle-packing seed; the child adds two far-apart hunks: a comment reworded at the top (hunk 1,
// neutral) and the second radius pass of compute_max_radii (hunk 2, which raises the score from
// about 0.800 to 0.919). Both are scored by the demo's own evaluator in the sandbox, stored as a
// tiny run with that evaluator attached and judged by the offline judge; `evoscope ablate --json`
// then runs the experiment through the real CLI, and the API returns the stored report.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/experiments/[experimentId]/route';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { attachEvaluator } from '../../lib/db/evaluators';
import { createExperiment, listCalls, storeCall } from '../../lib/db/experiments';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { demoEvaluatorBundle } from '../../lib/services/demo/evaluators/bundles';
import { seed } from '../../lib/services/demo/programs/pythonCode';
import { evaluateProgram } from '../../lib/sandbox/evaluators/evaluate';
import type { AblationReport, ExperimentView } from '../../lib/contracts/interventionTypes';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

const PARENT = `${seed.join('\n')}\n`;
const COMMENT = 'LEARNING_RATE = 0.05  # initial step of the update';
const GROW = `                radii[j] *= scale
    # Second pass: grow each circle (smallest first) into the slack its neighbours left.
    for i in np.argsort(radii):
        gap = np.sqrt(np.sum((centers - centers[i]) ** 2, axis=1)) - radii
        gap[i] = np.inf
        radii[i] = max(0.0, min(np.min(np.hstack([centers[i], 1 - centers[i]])), np.min(gap)))
    return radii
`;
const CHILD = PARENT.replace(COMMENT, 'LEARNING_RATE = 0.05  # the first step of each update').replace('                radii[j] *= scale\n    return radii\n', GROW);

let runId: string;
let ids: Record<'p0' | 'p1' | 'p2', string>;
let parentScore: number;
let childScore: number;

beforeAll(async () => {
  expect(CHILD).not.toBe(PARENT);
  expect(CHILD).toContain('# Second pass');
  const bundle = demoEvaluatorBundle('circle_packing');
  const [p, c] = await Promise.all([PARENT, CHILD].map((source) => evaluateProgram(bundle, { source, language: 'python' })));
  expect(p.status, p.stderr).toBe('ok');
  expect(c.status, c.stderr).toBe('ok');
  parentScore = p.score!;
  childScore = c.score!;
  expect(childScore).toBeGreaterThan(parentScore + 0.05);

  runId = await createLiveRun({ name: `ablate ${crypto.randomUUID().slice(0, 8)}`, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python' });
  runIds.push(runId);
  await appendPrograms(runId, [
    { externalId: 'p0', code: PARENT, iteration: 0, valid: true, score: parentScore, metrics: { combined_score: parentScore }, parents: [] },
    { externalId: 'p1', code: CHILD, iteration: 1, valid: true, score: childScore, metrics: { combined_score: childScore }, parents: [{ externalId: 'p0' }] },
    // The child stored again without a score: the ablation evaluates it itself.
    { externalId: 'p2', code: CHILD, iteration: 2, valid: true, parents: [{ externalId: 'p0' }] },
  ]);
  const { rows } = await pool().query<{ id: string; external_id: 'p0' | 'p1' | 'p2' }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  ids = Object.fromEntries(rows.map((r) => [r.external_id, r.id])) as typeof ids;
  await attachEvaluator(pool(), runId, { ...demoEvaluatorBundle('circle_packing'), origin: 'demo' });
  const judged = await runCli(['judge', runId, '--judge', 'offline', '--json']);
  expect(judged.code, judged.stderr).toBe(0);
}, 180_000);

function json(r: { code: number | null; stdout: string; stderr: string }): ExperimentView {
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('evoscope ablate', () => {
  it('on a demo edit with two hunks of which one carries the gain: the report says which', { timeout: 240_000 }, async () => {
    const res = await runCli(['ablate', runId, 'p1', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const x = json(res);
    expect(x).toMatchObject({ kind: 'ablate', status: 'done', total: 3, done: 3, failed: 0, programId: ids.p1 });
    const r = x.result as AblationReport;
    expect(r).toMatchObject({ kind: 'ablate', parentId: ids.p0, parentScore, childScore });
    expect(r.tolerance).toBeCloseTo(0.05 * (childScore - parentScore), 12);
    // Hunk 2 is exactly compute_max_radii's change: the function variant is the same program, folded into it.
    expect(r.variants.map((v) => [v.unit, v.label, v.header, v.verdict])).toEqual([
      ['hunk', 'hunk 1', '@@ -6 +6 @@', 'neutral'],
      ['hunk', 'hunk 2 (= function compute_max_radii)', '@@ -40,0 +41,5 @@', 'carried'],
      ['whole', 'whole edit (the parent)', 'the parent program', 'carried'],
    ]);
    const [neutral, carried, whole] = r.variants;
    // Undoing the comment keeps the whole gain; undoing the second pass loses all of it.
    expect(neutral.score).toBe(childScore);
    expect(neutral.contribution).toBe(0);
    expect(carried.score).toBe(parentScore);
    expect(carried.contribution).toBe(childScore - parentScore);
    expect(whole.score).toBe(parentScore);
    expect(r.parentReproduces).toBe(true);
    // The offline judge's labels of this edit, beside the verdicts.
    const { rows } = await pool().query<{ labels: string[] }>("SELECT labels FROM edit_judgements WHERE run_id = $1 AND child_id = $2 AND judge = 'offline@2'", [runId, ids.p1]);
    expect(rows[0].labels.length).toBeGreaterThan(0);
    expect(r.labels).toEqual(rows[0].labels);
    expect(r.labelsJudge).toBe('offline@2');
    expect(res.stderr).toMatch(/hunk 2 \(= function compute_max_radii\): ok, score/);

    // The generic experiment route returns the stored report and one call per variant.
    const got = await GET(new NextRequest(`http://${host}/api/runs/${runId}/experiments/${x.id}`, { headers: { host } }), { params: Promise.resolve({ runId, experimentId: x.id }) });
    expect(got.status).toBe(200);
    const body = (await got.json()) as { experiment: ExperimentView; calls: { idx: number; phase: string; input: { label: string }; score: number; sourceSha: string }[] };
    expect(body.experiment.result).toEqual(r);
    expect(body.calls.map((c) => [c.idx, c.phase, c.input.label, c.score])).toEqual(r.variants.map((v) => [v.idx, v.unit, v.label, v.score]));
    const { rows: blob } = await pool().query<{ content: string }>('SELECT content FROM blobs WHERE sha256 = $1', [body.calls[2].sourceSha]);
    expect(blob[0].content).toBe(PARENT);
  });

  it('evaluates a child without a recorded score; --no-functions leaves functions out', { timeout: 240_000 }, async () => {
    const res = await runCli(['ablate', runId, 'p2', '--no-functions', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const x = json(res);
    expect(x).toMatchObject({ status: 'done', total: 4, done: 4 });
    const r = x.result as AblationReport;
    expect(r.childScore).toBe(childScore);
    expect(r.variants.map((v) => [v.label, v.verdict])).toEqual([['hunk 1', 'neutral'], ['hunk 2', 'carried'], ['whole edit (the parent)', 'carried']]);
  });

  it('resumes from its stored calls: a variant already stored is not evaluated again', { timeout: 240_000 }, async () => {
    const x = await createExperiment({ runId, programId: ids.p1, params: { kind: 'ablate', functions: true } });
    // As if a worker had stored hunk 1 before a restart (with a score a re-run could not give).
    await storeCall(x.id, { idx: 0, phase: 'hunk', input: { unit: 'hunk', label: 'hunk 1' }, status: 'ok', score: 2 });
    const done = (await runExperiment(x.id))!;
    expect(done).toMatchObject({ status: 'done', total: 3, done: 3 });
    const r = done.result as AblationReport;
    expect(r.variants.map((v) => [v.score, v.verdict])).toEqual([[2, 'hurt'], [parentScore, 'carried'], [parentScore, 'carried']]);
    const calls = await listCalls(x.id);
    expect(calls.map((c) => [c.idx, c.sourceSha === null])).toEqual([[0, true], [1, false], [2, false]]);
  });

  it('survives a worker shutdown mid-run: the next start finishes it without repeating a stored evaluation', { timeout: 240_000 }, async () => {
    const x = await createExperiment({ runId, programId: ids.p1, params: { kind: 'ablate', functions: true } });
    const shutdown = new AbortController();
    const first = runExperiment(x.id, { signal: shutdown.signal, log: () => {} });
    while ((await listCalls(x.id)).length === 0) await new Promise((r) => setTimeout(r, 50));
    shutdown.abort();
    const stopped = (await first)!;
    expect(stopped).toMatchObject({ status: 'running', interrupted: true });
    const before = await listCalls(x.id);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThan(3);
    const done = (await runExperiment(x.id))!;
    expect(done).toMatchObject({ status: 'done', done: 3, total: 3 });
    const after = await listCalls(x.id);
    expect(after.map((c) => c.idx)).toEqual([0, 1, 2]);
    for (const c of before) expect(after[c.idx].createdAt).toBe(c.createdAt);
    expect((done.result as AblationReport).variants.map((v) => v.verdict)).toEqual(['neutral', 'carried', 'carried']);
  });

  it('fails with a message a user can act on: no parent, no edit, unknown program', { timeout: 120_000 }, async () => {
    const seedRes = await runCli(['ablate', runId, 'p0', '--json']);
    expect(seedRes.code).toBe(1);
    expect(json(seedRes)).toMatchObject({ status: 'failed', error: 'this program has no parent to ablate against' });
    const same = await runCli(['ablate', runId, 'p2', '--parent', 'p1', '--json']);
    expect(same.code).toBe(1);
    expect(json(same)).toMatchObject({ status: 'failed', error: 'program p2 has the same source as its parent p1: there is no edit to ablate' });
    const unknown = await runCli(['ablate', runId, 'nope', '--json']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no program 'nope'");
  });
});

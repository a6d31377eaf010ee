// Auxiliary metrics (issue 13, item 3; "What it must show": "an aux metric script runs over a demo
// run's programs and is charted"). Real PostgreSQL, the real sandbox, the demo's circle packing
// run: a diagnosis holding an auxiliary_metrics.py with a metric that repackages the score and
// one that measures the program; the 'aux' experiment runs it on every program, stores the values,
// flags the first as trivial and not the second; an interrupted run resumes without running a
// stored program again; a hostile script yields per-program statuses and the job finishes; the
// routes start it (202, 409 without a script) and return the points, thinned on request.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from '../../app/api/runs/[runId]/diagnoses/[diagnosisId]/aux/route';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { getDiagnosis, insertDiagnosis } from '../../lib/db/diagnoses';
import { attachEvaluator } from '../../lib/db/evaluators';
import { getExperiment } from '../../lib/db/experiments';
import { putBlob, runExperiment } from '../../lib/services/experiments/runExperiment';
import { startAuxExperiment } from '../../lib/services/diagnosis/startAux';
import { loadDemoData } from '../../lib/services/demo/loadDemoData';
import { demoEvaluatorBundle } from '../../lib/services/demo/evaluators/bundles';
import type { AuxExperimentReport, DiagnosisReport } from '../../lib/trace/diagnosis';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase({ after: () => releaseJobClient() });
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

const REPORT: DiagnosisReport = {
  hypothesis: 'h', experiment: 'e', verdict: 'v', direction: 'd', claims: [], auxMetricNames: [], trivialMetrics: [], changeLog: [], bounds: null, agentCandidate: null, missing: [],
};

// score_copy repackages the score (trivial); ast_nodes needs the program's text (not a function of the score).
const SCRIPT = `
import ast, os
def evaluate_aux(results_dir, primary_result):
    src = open(os.path.join(results_dir, 'main.py')).read()
    return {'score_copy': primary_result['combined_score'], 'ast_nodes': float(sum(1 for _ in ast.walk(ast.parse(src))))}
`;

let runId: string;
let programs: number;

async function diagnosisWith(script: string | null, run = runId): Promise<string> {
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1 ORDER BY score DESC NULLS LAST LIMIT 1', [run]);
  return insertDiagnosis(pool(), { runId: run, origin: 'evoscope', triggerGeneration: 5, programId: rows[0].id, reportMd: '# r', report: REPORT, auxScriptSha: script === null ? null : await putBlob(script) });
}

const auxRows = async (diagnosisId: string) =>
  (await pool().query<{ program_id: string; status: string; values: Record<string, number> | null; error: string | null; created_at: Date }>(
    'SELECT program_id, status, "values", error, created_at FROM aux_metric_values WHERE diagnosis_id = $1', [diagnosisId])).rows;

beforeAll(async () => {
  const { loaded } = await loadDemoData({ log: () => {}, force: true });
  runIds.push(...loaded.map((r) => r.runId));
  runId = loaded.find((r) => r.name.includes('circle packing'))!.runId;
  const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM programs WHERE run_id = $1', [runId]);
  programs = rows[0].n;
  expect(programs).toBeGreaterThan(50);
}, 1_800_000);

describe('the aux experiment on a demo run', () => {
  let diagnosisId: string;

  it('runs the script on every program in the sandbox, stores the values and flags the trivial metric', { timeout: 600_000 }, async () => {
    diagnosisId = await diagnosisWith(SCRIPT);
    const x = await startAuxExperiment({ runId, diagnosisId, timeoutSeconds: 30 });
    expect(x).toMatchObject({ kind: 'aux', status: 'queued' });
    const t0 = Date.now();
    const done = await runExperiment(x.id);
    const seconds = (Date.now() - t0) / 1000;
    console.log(`aux over ${programs} demo programs: ${seconds.toFixed(1)} s`);
    expect(done).toMatchObject({ status: 'done', total: programs, done: programs });
    const rows = await auxRows(diagnosisId);
    expect(rows).toHaveLength(programs);
    const { rows: ps } = await pool().query<{ id: string; score: number | null; metrics: Record<string, number> }>('SELECT id, score, metrics FROM programs WHERE run_id = $1', [runId]);
    const byId = new Map(ps.map((p) => [p.id, p]));
    const ok = rows.filter((r) => r.status === 'ok');
    expect(done!.failed).toBe(rows.length - ok.length);
    expect(ok.length).toBeGreaterThan(programs * 0.9);
    for (const r of ok) {
      expect(r.values!.score_copy).toBe(byId.get(r.program_id)!.metrics.combined_score);
      expect(r.values!.ast_nodes).toBeGreaterThan(10);
    }
    const report = done!.result as AuxExperimentReport;
    expect(report).toMatchObject({ kind: 'aux', diagnosisId, programs, ok: ok.length, failed: programs - ok.length, metricNames: ['ast_nodes', 'score_copy'] });
    const [astNodes, scoreCopy] = report.trivialMetrics;
    expect(scoreCopy).toMatchObject({ name: 'score_copy', trivial: true, rho: 1, disagreements: 0 });
    expect(astNodes).toMatchObject({ name: 'ast_nodes', trivial: false });
    expect(Math.abs(astNodes.rho!)).toBeLessThan(0.99);
    console.log(`ast_nodes: rho ${astNodes.rho}, ${astNodes.disagreements} disagreements over ${astNodes.n}; ${astNodes.why}`);
    // Written into the diagnosis's report too, the rest of the report untouched.
    const d = (await getDiagnosis(runId, diagnosisId))!;
    expect(d.report).toMatchObject({ hypothesis: 'h', auxMetricNames: ['ast_nodes', 'score_copy'], trivialMetrics: report.trivialMetrics });
  });

  it('GET .../aux returns the points beside the scores, thinned on request; POST starts it (202) or says 409 without a script', { timeout: 60_000 }, async () => {
    const url = `http://${host}/api/runs/${runId}/diagnoses/${diagnosisId}/aux`;
    const get = async (q = '') => GET(new NextRequest(`${url}${q}`, { headers: { host } }), { params: Promise.resolve({ runId, diagnosisId }) });
    const all = await get();
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body).toMatchObject({ metricNames: ['ast_nodes', 'score_copy'], total: programs, stride: 1 });
    expect(body.points).toHaveLength(programs);
    expect(body.trivialMetrics.map((m: { name: string; trivial: boolean }) => [m.name, m.trivial])).toEqual([['ast_nodes', false], ['score_copy', true]]);
    const p = body.points.find((x: { status: string }) => x.status === 'ok');
    expect(p.values.score_copy).toBe(p.score);
    const thin = await (await get('?max=10')).json();
    const stride = Math.ceil(programs / 10);
    expect(thin).toMatchObject({ total: programs, stride });
    expect(thin.points).toHaveLength(Math.ceil(programs / stride));
    expect(thin.points[0].programId).toBe(body.points[0].programId);
    expect(thin.points[1].programId).toBe(body.points[stride].programId);
    expect((await get('?max=0')).status).toBe(400);

    const post = (id: string, b?: unknown) =>
      POST(new NextRequest(`http://${host}/api/runs/${runId}/diagnoses/${id}/aux`, { method: 'POST', headers: { host, 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) }), { params: Promise.resolve({ runId, diagnosisId: id }) });
    const noScript = await diagnosisWith(null);
    const refused = await post(noScript, {});
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('the diagnosis at generation 5 has no auxiliary_metrics.py to run');
    expect((await post(crypto.randomUUID(), {})).status).toBe(404);
    expect((await post(diagnosisId, { timeoutSeconds: 0 })).status).toBe(400);
    const started = await post(diagnosisId, { timeoutSeconds: 12 });
    expect(started.status).toBe(202);
    const { experiment } = await started.json();
    expect(experiment).toMatchObject({ kind: 'aux', status: 'queued', params: { kind: 'aux', diagnosisId, timeoutSeconds: 12 } });
    // Every program has its value already: the run stores nothing new and keeps the counts.
    const again = await runExperiment(experiment.id);
    expect(again).toMatchObject({ status: 'done', total: programs, done: programs });
  });

  it('an interrupted run resumes: stored programs are not run again', { timeout: 600_000 }, async () => {
    const id = await diagnosisWith(SCRIPT);
    const x = await startAuxExperiment({ runId, diagnosisId: id });
    const stop = new AbortController();
    const watch = setInterval(() => {
      void pool().query<{ n: number }>('SELECT count(*)::int AS n FROM aux_metric_values WHERE diagnosis_id = $1', [id]).then(({ rows }) => {
        if (rows[0].n > 0) stop.abort();
      });
    }, 50);
    const first = await runExperiment(x.id, { signal: stop.signal });
    clearInterval(watch);
    expect(first).toMatchObject({ status: 'running', interrupted: true });
    const before = await auxRows(id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(programs);
    expect((await getExperiment(runId, x.id))!.done).toBe(before.length);
    const resumed = await runExperiment(x.id);
    expect(resumed).toMatchObject({ status: 'done', done: programs });
    const after = new Map((await auxRows(id)).map((r) => [r.program_id, r]));
    expect(after.size).toBe(programs);
    for (const r of before) expect(after.get(r.program_id)!.created_at).toEqual(r.created_at);
    expect((resumed!.result as AuxExperimentReport).trivialMetrics.find((m) => m.name === 'score_copy')!.trivial).toBe(true);
  });
});

describe('a hostile aux script', () => {
  it('an infinite loop, an exception, non-numbers and a memory blow-up give per-program statuses; the job finishes', { timeout: 300_000 }, async () => {
    const run = await createLiveRun({ name: `aux hostile ${crypto.randomUUID().slice(0, 8)}`, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python' });
    runIds.push(run);
    const kinds = ['loop', 'raise', 'words', 'memory', 'fine'];
    await appendPrograms(run, kinds.map((k, i) => ({ externalId: k, code: `# ${k}\nprint(${i})\n`, iteration: i, valid: true, score: i / 10, metrics: { combined_score: i / 10 }, parents: [] })));
    await attachEvaluator(pool(), run, { ...demoEvaluatorBundle('circle_packing'), origin: 'demo' });
    const id = await diagnosisWith(`
import os
def evaluate_aux(results_dir, primary_result):
    kind = open(os.path.join(results_dir, 'main.py')).readline()[2:].strip()
    if kind == 'loop':
        while True:
            pass
    if kind == 'raise':
        raise RuntimeError('no such test case')
    if kind == 'words':
        return {'speed': 'fast'}
    if kind == 'memory':
        return {'n': len(bytearray(16 * 1024 ** 3))}
    return {'lines': 2.0, 'named': float(os.path.exists(os.path.join(results_dir, 'program.py')))}
`, run);
    const x = await startAuxExperiment({ runId: run, diagnosisId: id, timeoutSeconds: 2 });
    const t0 = Date.now();
    const done = await runExperiment(x.id);
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(done).toMatchObject({ status: 'done', total: 5, done: 5, failed: 4 });
    const { rows } = await pool().query<{ external_id: string; status: string; error: string | null; values: unknown }>(
      'SELECT p.external_id, a.status, a.error, a."values" FROM aux_metric_values a JOIN programs p ON p.id = a.program_id WHERE a.diagnosis_id = $1 ORDER BY p.seq', [id]);
    expect(rows.map((r) => [r.external_id, r.status])).toEqual([['loop', 'timeout'], ['raise', 'error'], ['words', 'bad-output'], ['memory', 'memory'], ['fine', 'ok']]);
    expect(rows[1].error).toMatch(/^evaluate_aux raised RuntimeError: no such test case \(auxiliary_metrics\.py line 9\)/);
    expect(rows[2].error).toBe("evaluate_aux returned non-numbers: speed = 'fast' (str)");
    // The program is also under the evaluator's name for it (program.py), beside main.py.
    expect(rows[4].values).toEqual({ lines: 2, named: 1 });
    const report = done!.result as AuxExperimentReport;
    expect(report).toMatchObject({ programs: 5, ok: 1, failed: 4, metricNames: ['lines', 'named'] });
    expect(report.trivialMetrics[0]).toMatchObject({ name: 'lines', n: 1, trivial: false });
    expect(report.trivialMetrics[0].why).toMatch(/^not enough programs/);
  });
});

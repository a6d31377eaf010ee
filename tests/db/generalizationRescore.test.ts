// Private re-scoring end to end, with real evaluations: a run whose best-so-far chain tunes its
// answer to the public test set, an OpenEvolve-style evaluator with a private test set attached,
// the chain re-scored by a re-evaluation batch (real sandbox, both test sets), and the verdict
// and overfitting step read back by the generalization queries.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { createEvaluationBatch } from '../../lib/db/evaluationBatches';
import { attachEvaluator, loadEvaluator } from '../../lib/db/evaluators';
import { getRunGeneralization, listRunVerdicts } from '../../lib/db/generalization';
import { storeImportedRun } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';
import { runEvaluationBatch } from '../../lib/services/evaluation/runEvaluationBatch';
import { evaluateProgram } from '../../lib/sandbox/evaluators/evaluate';
import { runCli } from '../helpers/cli';

const tag = crypto.randomUUID().slice(0, 8);
let runId = '';

/** Scores solve() as the weighted sum of its values; the private set brings its own weights. */
const EVALUATOR = `import importlib.util, os
def evaluate(program_path):
    s = importlib.util.spec_from_file_location('candidate', program_path)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    weights = [float(x) for x in open(os.path.join(os.path.dirname(__file__), 'data/weights.txt')).read().split()]
    return {'combined_score': sum(v * w for v, w in zip(m.solve(), weights))}
`;
// Public weights ignore the third value, the private ones do not: p2 trades it for public score.
const PROGRAMS: [number[], number][] = [
  [[1, 1, 5], 2], // public 2, private 7
  [[2, 1, 5], 3], // public 3, private 8
  [[0, 0, 9], 0], // not an improvement: off the chain
  [[3, 2, 0], 5], // public 5, private 5: overfits
];

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  runId = (
    await storeImportedRun({
      run: { name: `Overfitter ${tag}`, framework: `gen-real-${tag}`, task: 'weighted-sum', language: 'python', scoreMetric: 'combined_score' },
      warnings: [],
      stats: {},
      programs: PROGRAMS.map(([values, score], i) => ({
        externalId: `p${i}`,
        code: `def solve():\n    return ${JSON.stringify(values)}\n`,
        iteration: i,
        valid: true,
        score,
        metrics: { combined_score: score },
      })),
    })
  ).runId;
  await attachEvaluator(pool(), runId, {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: 'program.py',
    files: { 'evaluator.py': Buffer.from(EVALUATOR), 'data/weights.txt': Buffer.from('1 1 0\n') },
    privateFiles: { 'data/weights.txt': Buffer.from('1 1 1\n') },
    timeoutSeconds: 20,
    memoryMb: 512,
    origin: 'cli',
  });
}, 60_000);

afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
  await disconnect();
});

describe('re-scoring the chain on the private test set', () => {
  it('finds the overfitting step and the run verdict from real evaluations', async () => {
    const before = (await getRunGeneralization(runId))!;
    expect(before.evaluator).toMatchObject({ version: 1, privateFiles: 1 });
    expect(before.result.verdict).toBe('not-scored');

    const batch = (await createEvaluationBatch({ runId, scope: 'best-chain', testSets: ['public', 'private'], concurrency: 2 }))!;
    const done = await runEvaluationBatch(batch.id, { evaluate: evaluateProgram, loadEvaluator: (id, v) => loadEvaluator(pool(), id, v) });
    expect(done).toMatchObject({ status: 'done', total: 6, done: 6, failed: 0 });

    const g = (await getRunGeneralization(runId))!;
    expect(g.batch).toMatchObject({ id: batch.id, status: 'done' });
    expect(g.result.steps.map((s) => [s.externalId, s.public, s.publicSource, s.private, s.overfit])).toEqual([
      ['p0', 2, 'rerun', 7, false],
      ['p1', 3, 'rerun', 8, false],
      ['p3', 5, 'rerun', 5, true],
    ]);
    // Private fell 2 from the first program; the default threshold is 5 % of 7 = 0.35: severe.
    expect(g.threshold.value).toBeCloseTo(0.35);
    expect(g.result).toMatchObject({ verdict: 'overfit-severe', publicChange: 3, privateChange: -2, overfitSteps: 1 });
    expect((await listRunVerdicts()).find((r) => r.runId === runId)).toMatchObject({ task: 'weighted-sum', verdict: 'overfit-severe' });
  }, 120_000);

  it('the CLI prints the run verdict with its chain, and Tables 11-12 across runs', async () => {
    const one = await runCli(['generalization', runId, '--json']);
    expect(one.code, one.stderr).toBe(0);
    const r = JSON.parse(one.stdout);
    expect(r).toMatchObject({ run: { id: runId, task: 'weighted-sum' }, verdict: 'overfit-severe', publicChange: 3, privateChange: -2, overfitSteps: 1 });
    expect(r.threshold.value).toBeCloseTo(0.35);
    expect(r.steps.map((s: { externalId: string; public: number; private: number; overfit: boolean }) => [s.externalId, s.public, s.private, s.overfit])).toEqual([
      ['p0', 2, 7, false],
      ['p1', 3, 8, false],
      ['p3', 5, 5, true],
    ]);

    const all = await runCli(['generalization', '--json']);
    expect(all.code, all.stderr).toBe(0);
    const t = JSON.parse(all.stdout);
    expect(t.runs.find((x: { runId: string }) => x.runId === runId)).toMatchObject({ verdict: 'overfit-severe', chainLength: 3 });
    expect(t.table11.cells['weighted-sum'][`gen-real-${tag}`].map((x: { runId: string }) => x.runId)).toEqual([runId]);
    expect(t.table12.find((c: { framework: string }) => c.framework === `gen-real-${tag}`)).toEqual({
      framework: `gen-real-${tag}`, scored: 1, aligned: 0, overfitMild: 0, overfitSevere: 1, other: 0, notScored: 0,
    });

    // Plain text names the verdict; CSV is Table 11's long form; an unknown run is refused.
    const text = await runCli(['generalization', runId]);
    expect(text.stdout).toContain('overfit (severe)');
    const csv = await runCli(['generalization', '--csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('task,framework,run_id,run_name,verdict,public_change,private_change,severe_threshold,better,chain_length,overfit_steps');
    expect(csv.stdout).toContain(`weighted-sum,gen-real-${tag},${runId}`);
    const missing = await runCli(['generalization', crypto.randomUUID(), '--json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no run');
    expect(missing.stdout).toBe('');
  }, 120_000);
});

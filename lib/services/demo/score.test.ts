import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvaluationOutcome } from '../../contracts/evaluatorTypes';
import { demoEvaluatorBundle } from './evaluators/bundles';
import { ahcHeuristic } from './programs/cpp';
import { circlePacking } from './programs/python';
import { cachedEvaluator, toProgramScore, type EvaluateFn } from './score';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-score-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const outcome = (o: Partial<EvaluationOutcome>): EvaluationOutcome => ({
  status: 'ok',
  sandboxStatus: 'ok',
  metrics: {},
  score: null,
  testSet: 'public',
  stdout: '',
  stderr: '',
  wallMs: 250,
  cpuMs: 200,
  peakMemoryKb: 1000,
  ...o,
});

describe('demo result cache', () => {
  it('evaluates a program once, then answers from disk (also in a new process-level cache)', async () => {
    let calls = 0;
    const evaluate: EvaluateFn = async () => {
      calls++;
      return outcome({ metrics: { combined_score: 0.5, sum_radii: 1.3, validity: 1.0 }, score: 0.5 });
    };
    const bundle = demoEvaluatorBundle('circle_packing');
    const stats = { evaluated: 0, cached: 0 };
    const a = await cachedEvaluator({ evaluate, cacheDir: dir, stats })(bundle, 'x = 1\n', 'python');
    const b = await cachedEvaluator({ evaluate, cacheDir: dir, stats })(bundle, 'x = 1\n', 'python');
    expect(calls).toBe(1);
    expect(stats).toEqual({ evaluated: 1, cached: 1 });
    expect(b).toEqual(a);
    const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.json$/);
  });

  it('two generators at once (as two processes) evaluate a program once: the second waits for the first', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const evaluate: EvaluateFn = async () => {
      calls++;
      await gate;
      return outcome({ metrics: { combined_score: 0.25 }, score: 0.25 });
    };
    const bundle = demoEvaluatorBundle('circle_packing');
    const shared = path.join(dir, 'shared');
    // Separate cachedEvaluator instances share nothing in memory, like separate processes.
    const first = cachedEvaluator({ evaluate, cacheDir: shared })(bundle, 'y = 2\n', 'python');
    await new Promise((r) => setTimeout(r, 50));
    const second = cachedEvaluator({ evaluate, cacheDir: shared })(bundle, 'y = 2\n', 'python');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(1);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(calls).toBe(1);
    expect(fs.readdirSync(shared, { recursive: true }).map(String).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('never caches an evaluation the evaluator did not finish, and refuses to turn it into a score', async () => {
    let calls = 0;
    const evaluate: EvaluateFn = async () => {
      calls++;
      return outcome({ status: 'sandbox-error', sandboxStatus: 'sandbox-error', message: 'cancelled' });
    };
    const bundle = demoEvaluatorBundle('ahc_routing');
    const run = cachedEvaluator({ evaluate, cacheDir: path.join(dir, 'b') });
    const e = await run(bundle, 'int main() {}\n', 'cpp');
    await cachedEvaluator({ evaluate, cacheDir: path.join(dir, 'b') })(bundle, 'int main() {}\n', 'cpp');
    expect(calls).toBe(2);
    expect(() => toProgramScore(e, ahcHeuristic)).toThrow(/did not return metrics \(sandbox-error\): cancelled/);
  });

  it('marks failures the way the importer does and keeps their stderr as artifacts', () => {
    const cached = (metrics: Record<string, unknown>, stderr: string) => ({ status: 'ok' as const, metrics, score: null, stderr, wallMs: 900 });
    const compile = toProgramScore(cached({ combined_score: -1000.0, total_score: 0.0, runtime_ms: 0.0 }, "compile error\nmain.cpp:3:1: error: 'x' was not declared"), ahcHeuristic);
    expect(compile).toMatchObject({ failed: true, fitness: -Infinity, evalSeconds: 0.9, artifacts: { failure_stage: 'compile' } });
    expect(compile.artifacts!.compile_stderr).toContain("'x' was not declared");
    const invalid = toProgramScore(cached({ sum_radii: 0.0, validity: 0.0, eval_time: 0.3, combined_score: 0.0 }, 'validation: circles 1 and 2 overlap by 0.01'), circlePacking);
    expect(invalid).toMatchObject({ failed: true, artifacts: { stderr: 'validation: circles 1 and 2 overlap by 0.01', failure_stage: 'validation' } });
    const ok = toProgramScore(cached({ sum_radii: 2.1, validity: 1.0, eval_time: 0.3, combined_score: 0.79 }, ''), circlePacking);
    expect(ok).toMatchObject({ failed: false, fitness: 0.79, artifacts: null, metrics: { sum_radii: 2.1, validity: 1.0, eval_time: 0.3, combined_score: 0.79 } });
  });
});

// The demo runs' scores are real: re-running a program through its evaluator gives back the
// recorded score exactly, and the C++ run's private test set shows an overfitting step on
// the public best-so-far chain (public score up, private score down), from real evaluations.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';
import { publicBestChain } from './bestChain';
import { generateDemoRuns } from './demoRuns';
import { demoEvaluatorBundle } from './evaluators/bundles';
import { ahcHeuristic } from './programs/cpp';
import { circlePacking } from './programs/python';
import { Rng } from '../../analysis/rng';
import type { GeneratedRun } from './scenario';
import { cachedEvaluator } from './score';

let runs: GeneratedRun[];
beforeAll(async () => {
  runs = await generateDemoRuns();
}, 1_800_000);

/** Metrics that measure time, not the program's result. */
const TIMING = new Set(['eval_time', 'runtime_ms']);
const withoutTiming = (m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).filter(([k]) => !TIMING.has(k)));

describe('demo runs with real evaluators', () => {
  it('re-running the final best program of both demo runs reproduces the recorded score exactly', async () => {
    for (const run of runs) {
      const best = run.programs.find((p) => p.id === run.bestProgramId)!;
      const bundle = demoEvaluatorBundle(run.config.template.evaluator);
      // No cache: a fresh evaluation, twice, both equal to what the run recorded.
      for (let k = 0; k < 2; k++) {
        const o = await evaluateProgram(bundle, { source: best.code, language: best.language });
        expect(o.status).toBe('ok');
        expect(o.score).toBe(best.metrics.combined_score);
        expect(withoutTiming(o.metrics)).toEqual(withoutTiming(best.metrics));
      }
    }
  }, 120_000);

  it('scores programs that differ only in a knob differently, and a failing program as failed', async () => {
    const [py] = runs;
    const bundle = demoEvaluatorBundle('circle_packing');
    const seed = py.programs[0].code;
    const retuned = seed.replace(/^N_ITERS = \d+/m, 'N_ITERS = 400');
    const broken = seed.replace('centers = refine(centers, rng)', 'centers = refine(centres, rng)');
    const [a, b, c] = await Promise.all([seed, retuned, broken].map((source) => evaluateProgram(bundle, { source, language: 'python' })));
    expect(a.score).toBe(py.programs[0].metrics.combined_score);
    expect(b.score).not.toBe(a.score);
    expect(c.metrics).toMatchObject({ validity: 0, combined_score: 0 });
    expect(c.stderr).toContain("NameError: name 'centres' is not defined");
  }, 120_000);

  it('every bug the generator injects fails for real in its evaluator, with the reason in stderr', async () => {
    // Applied to each seed. off_by_one (radii[j + 1]) is left out: it fails only when the
    // program's last circle overlaps a neighbour (IndexError), else it scores a poorer packing.
    const expected: Record<string, [RegExp, number]> = {
      typo_best_score: [/^compile error\n[\s\S]*'bestScore' was not declared/, -1000],
      drop_include: [/^compile error\n[\s\S]*'iota' was not declared/, -1000],
      out_of_bounds: [/runtime error[\s\S]*Assertion '__n < this->size\(\)' failed/, -1000],
      skip_first_city: [/wrong answer/, -1000],
      over_time: [/time limit exceeded/, -1000],
      typo_centres: [/NameError: name 'centres' is not defined/, 0],
      drop_circle: [/^validation: expected 26 circles/, 0],
      unclosed_paren: [/SyntaxError/, 0],
      huge_budget: [/^timeout: run_packing\(\) ran for more than 10 s/, 0],
    };
    const jobs = [circlePacking, ahcHeuristic].flatMap((t) =>
      t.bugs
        .filter((b) => b.id in expected)
        .map((b) => ({ t, id: b.id, source: `${b.apply(t.seed, new Rng(3))!.join('\n')}\n` })),
    );
    expect(jobs.map((j) => j.id).sort()).toEqual(Object.keys(expected).sort());
    for (const j of jobs) {
      const o = await evaluateProgram(demoEvaluatorBundle(j.t.evaluator), { source: j.source, language: j.t.language });
      expect(o.status, j.id).toBe('ok');
      expect(o.metrics.combined_score, j.id).toBe(expected[j.id][1]);
      expect(o.stderr, j.id).toMatch(expected[j.id][0]);
    }
  }, 300_000);

  it('the C++ run has an overfitting step on its public best-so-far chain (public up, private down)', async () => {
    const run = runs[1];
    expect(run.config.template.evaluator).toBe('ahc_routing');
    const bundle = demoEvaluatorBundle('ahc_routing');
    expect(bundle.privateFiles?.['seeds.txt']).toBeDefined();
    const chain = publicBestChain(run);
    expect(chain.length).toBeGreaterThan(4);
    const privately = cachedEvaluator({ testSet: 'private' });
    const steps: { id: string; pub: number; priv: number }[] = [];
    for (const p of chain) {
      const o = await privately(bundle, p.code, p.language);
      expect(o.status).toBe('ok');
      steps.push({ id: p.id, pub: p.metrics.combined_score as number, priv: o.score! });
    }
    const overfit = steps.slice(1).filter((s, k) => s.pub > steps[k].pub && s.priv < steps[k].priv);
    expect(overfit.length, JSON.stringify(steps)).toBeGreaterThan(0);
  }, 600_000);
});

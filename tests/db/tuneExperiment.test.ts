// The tuning gap (issue 11, item 2; the paper's §5.4) on real PostgreSQL, the real sandbox and the
// real demo evaluators: `evoscope tune` on an early best-so-far program of both demo runs (the
// rewrite reproduces the recorded score exactly, 24 search calls, the ceiling at least the
// original, the gap), a tuning interrupted and resumed (no call repeated, the same points as an
// uninterrupted one), a cancel, and the failures users meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { cancelExperiment, createExperiment, getExperiment, listCalls } from '../../lib/db/experiments';
import { LLM_NOT_CONFIGURED } from '../../lib/db/judgeBatches';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { loadDemoData } from '../../lib/services/demo/loadDemoData';
import { tuneParamsSchema, type Knob, type TuneReport } from '../../lib/contracts/interventionTypes';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';
import { startScriptedLlm } from '../helpers/scriptedLlm';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';

const { runIds } = useTestDatabase({
  after: async () => {
    await releaseJobClient();
  },
});
let demo: { runId: string; name: string }[] = [];

beforeAll(async () => {
  ({ loaded: demo } = await loadDemoData({ log: () => {}, force: true }));
  runIds.push(...demo.map((r) => r.runId));
}, 1_800_000);

afterAll(async () => {
  // Leave the database as other test files expect it: demo not marked loaded.
  await pool().query("DELETE FROM settings WHERE key = 'demo.loaded'");
});

function json(r: { code: number | null; stdout: string; stderr: string }) {
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]);
}

const monotone = (xs: (number | null)[], dir: number) => xs.every((x, i) => i === 0 || (x !== null && (xs[i - 1] === null || dir * (x - xs[i - 1]!) >= 0)));

describe('evoscope tune on the demo runs', () => {
  for (const which of [0, 1]) {
    it(`demo run ${which + 1}: an early best-so-far program, 24 calls, the rewrite reproduces its score exactly, ceiling >= original, the gap`, { timeout: 900_000 }, async () => {
      const { runId, name } = demo[which];
      const t0 = Date.now();
      const res = await runCli(['tune', runId, 'best-so-far:2', '--json']);
      const seconds = (Date.now() - t0) / 1000;
      expect(res.code, res.stderr).toBe(0);
      const out = json(res) as TuneReport & { experimentId: string; status: string };
      console.log(
        `${name}: tune best-so-far:2 (25 evaluations with the check) took ${seconds.toFixed(1)} s; ${out.knobs.length} knobs, ` +
          `original ${out.originalScore}, ceiling ${out.ceiling}, final best ${out.runFinalBest}, gap ${out.gap}`,
      );
      expect(out.status).toBe('done');
      const x = (await getExperiment(runId, out.experimentId))!;
      const { rows } = await pool().query<{ score: number; best_score: number; higher_is_better: boolean }>(
        'SELECT p.score, r.best_score, r.higher_is_better FROM programs p JOIN runs r ON r.id = p.run_id WHERE p.id = $1',
        [x.programId],
      );
      const { score: recorded, best_score: finalBest, higher_is_better: hib } = rows[0];
      const dir = hib ? 1 : -1;
      const calls = await listCalls(out.experimentId);
      expect(calls.map((c) => c.idx)).toEqual([...Array(25).keys()]);
      expect(calls.map((c) => c.phase)).toEqual(['check', 'default', ...Array(8).fill('random'), ...Array(15).fill('guided')]);
      expect(x).toMatchObject({ total: 25, done: 25, status: 'done' });

      expect(out.knobs.length).toBeGreaterThan(0);
      expect(out.originalScore).toBe(recorded);
      expect(calls[0].score).toBe(recorded);
      expect(out.rewriteScore).toBe(recorded);
      expect(out.rewriteReproduces).toBe(true);
      expect(out.calls).toHaveLength(24);
      expect(out.calls[0]).toMatchObject({ phase: 'default', score: recorded }); // the defaults again: the ceiling is at least the original
      expect(dir * (out.ceiling! - recorded)).toBeGreaterThanOrEqual(0);
      expect(out.improvement).toBe(dir * (out.ceiling! - recorded));
      expect(out.runFinalBest).toBe(finalBest);
      expect(out.gap).toBe(dir * (finalBest - out.ceiling!));
      expect(monotone(out.bestSoFar, dir)).toBe(true);
      expect(out.bestSoFar.at(-1)).toBe(out.ceiling);
      // The tuned program is the best call's rendering, stored as a blob.
      const best = out.calls.find((c) => c.score === out.ceiling)!;
      expect(out.bestParams).toEqual(best.params);
      expect(out.tunedSha).toBe(calls[best.idx].sourceSha);
      const tuned = await pool().query<{ content: string }>('SELECT content FROM blobs WHERE sha256 = $1', [out.tunedSha]);
      expect(tuned.rows).toHaveLength(1);
      const { experimentId: _i, status: _s, error: _e, done: _d, total: _t, ...report } = out as typeof out & Record<string, unknown>;
      expect(x.result).toEqual(report);
    });
  }
});

/** A live run of one Python program (code as given, recorded score) and the SCORE evaluator. */
async function codeRun(code: string, score: number | null) {
  const runId = await createLiveRun({ name: `tune ${crypto.randomUUID().slice(0, 8)}`, framework: 'custom', scoreMetric: 'combined_score', language: 'python' });
  runIds.push(runId);
  await appendPrograms(runId, [{ externalId: 'p0', code, iteration: 0, valid: true, score, metrics: score === null ? {} : { combined_score: score }, parents: [] }]);
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1', [runId]);
  await attachScoreEvaluator(runId);
  return { runId, programId: rows[0].id };
}

/** The knob SCORE's literal (the user's list: the test does not depend on the offline finder's rules). */
function scoreKnob(code: string, literal: string): Knob {
  const start = code.indexOf(`SCORE = ${literal}`) + 'SCORE = '.length;
  const line = code.slice(0, start).split('\n').length;
  return {
    name: 'score', sourceLiteral: literal, line, contextLine: code.split('\n')[line - 1], start, end: start + literal.length,
    value: Number(literal), low: 0.5, high: 2, scale: 'linear', type: 'float', origin: 'user',
  };
}

const tuneParams = (over: Record<string, unknown>) => ({ kind: 'tune' as const, ...tuneParamsSchema.parse(over) });

async function waitForCalls(id: string, n: number) {
  for (let i = 0; i < 1200; i++) {
    if ((await listCalls(id)).length >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`experiment ${id} never stored ${n} calls`);
}

describe('tune jobs', () => {
  it('an interrupted tuning resumes where it stopped: every call once, the stored ones untouched, the same points as an uninterrupted one', { timeout: 300_000 }, async () => {
    const code = '# program 0\nSCORE = 1.25\n';
    const { runId, programId } = await codeRun(code, 1.25);
    const params = tuneParams({ knobs: [scoreKnob(code, '1.25')], calls: 8, initialRandom: 3, seed: 7 });
    const a = await createExperiment({ runId, programId, params });
    const stop = new AbortController();
    const running = runExperiment(a.id, { signal: stop.signal });
    await waitForCalls(a.id, 4);
    stop.abort();
    const interrupted = await running;
    expect(interrupted?.interrupted).toBe(true);
    expect(interrupted?.status).toBe('running');
    const before = await listCalls(a.id);
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before.length).toBeLessThan(9);

    const resumed = await runExperiment(a.id);
    expect(resumed?.status).toBe('done');
    const after = await listCalls(a.id);
    expect(after.map((c) => c.idx)).toEqual([...Array(9).keys()]);
    expect(after.slice(0, before.length)).toEqual(before);

    // The same request run in one go asks for the same points.
    const b = await createExperiment({ runId, programId, params });
    expect((await runExperiment(b.id))?.status).toBe('done');
    const straight = await listCalls(b.id);
    expect(straight.map((c) => [c.phase, c.input, c.score])).toEqual(after.map((c) => [c.phase, c.input, c.score]));
    const report = resumed!.result as TuneReport;
    expect(report.calls).toHaveLength(8);
    expect(report.ceiling).toBeGreaterThanOrEqual(1.25);
    expect(report.runFinalBest).toBe(1.25);
    expect(report.gap).toBe(1.25 - report.ceiling!);
  });

  it('a cancel stops it: status cancelled, no call stored afterwards', { timeout: 300_000 }, async () => {
    const code = '# program 0\nSCORE = 1.5\nDELAY = 0.5\n';
    const { runId, programId } = await codeRun(code, 1.5);
    const x = await createExperiment({ runId, programId, params: tuneParams({ knobs: [scoreKnob(code, '1.5')], calls: 24 }) });
    const running = runExperiment(x.id, { pollMs: 100 });
    await waitForCalls(x.id, 3);
    // What the page polls meanwhile: calls done of total, the phase line, a partial report.
    const mid = (await getExperiment(runId, x.id))!;
    expect(mid).toMatchObject({ status: 'running', total: 25 });
    expect(mid.done).toBeGreaterThanOrEqual(3);
    expect(mid.phase).toMatch(/^call \d+ of 24 · (random|guided)$/);
    expect((mid.result as TuneReport).calls.length).toBeGreaterThanOrEqual(1);
    expect((mid.result as TuneReport).calls[0]).toMatchObject({ idx: 1, phase: 'default', score: 1.5 });
    await cancelExperiment(runId, x.id);
    const ended = await running;
    expect(ended?.status).toBe('cancelled');
    const n = (await listCalls(x.id)).length;
    expect(n).toBeLessThan(25);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await listCalls(x.id)).length).toBe(n);
    expect((await getExperiment(runId, x.id))?.status).toBe('cancelled');
  });

  it('a rewrite that does not reproduce the score is not tuned: the message shows both scores', { timeout: 120_000 }, async () => {
    const code = '# program 0\nSCORE = 1.25\n';
    const { runId, programId } = await codeRun(code, 1.25);
    await pool().query('UPDATE programs SET score = 9.5 WHERE id = $1', [programId]);
    const x = await createExperiment({ runId, programId, params: tuneParams({ knobs: [scoreKnob(code, '1.25')], calls: 4 }) });
    const ended = await runExperiment(x.id);
    expect(ended?.status).toBe('failed');
    expect(ended?.error).toContain('does not reproduce');
    expect(ended?.error).toContain('9.5');
    expect(ended?.error).toContain('1.25');
    const calls = await listCalls(x.id);
    expect(calls.map((c) => [c.idx, c.phase, c.score])).toEqual([[0, 'check', 1.25]]);
  });

  it('a program without a recorded score is checked against an evaluation of its source', { timeout: 120_000 }, async () => {
    const code = '# program 0\nSCORE = 1.75\n';
    const { runId, programId } = await codeRun(code, null);
    const x = await createExperiment({ runId, programId, params: tuneParams({ knobs: [scoreKnob(code, '1.75')], calls: 2, initialRandom: 1 }) });
    const ended = await runExperiment(x.id);
    expect(ended?.status, ended?.error ?? '').toBe('done');
    const [check] = await listCalls(x.id);
    expect(check.facts).toMatchObject({ originalScore: 1.75, originalFrom: 'evaluated', reproduces: true });
    expect((ended!.result as TuneReport).originalScore).toBe(1.75);
  });

  it('the CLI without --json prints a readable summary: the knob table, a sparkline per call, ceiling and gap', { timeout: 120_000 }, async () => {
    const { runId } = await codeRun('# program 0\nSCORE = 1.25\n', 1.25);
    const res = await runCli(['tune', runId, 'best-so-far:1', '--calls', '4', '--seed', '3']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/call 4\/4 \(\w+\): ok/);
    const out = res.stdout;
    expect(out).toMatch(/: done, 5\/5 calls/);
    expect(out).toMatch(/knobs \(python, \d+\):/);
    expect(out).toMatch(/^\s+\S+\s+2\s+1\.25\s+\[/m); // SCORE's knob: line 2, its literal, its interval
    expect(out).toContain('rewrite with the defaults 1.25 (reproduces it exactly)');
    expect(out).toMatch(/score per call \(higher is better\): [▁▂▃▄▅▆▇█·]{4}\n/);
    expect(out).toMatch(/^\s+1\s+default\s+1\.25$/m);
    expect(out).toMatch(/tuning ceiling [\d.]+/);
    expect(out).toMatch(/gap \(final best - ceiling, positive = better direction\) -?[\d.e-]+/);
    const missing = await runCli(['tune', runId, 'best-so-far:9']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('the run has 1 best-so-far event(s): best-so-far:9 is not one');
  });

  it('--knobs llm: the knobs come from the configured model (B.9 prompt), its exchange is kept with the check call', { timeout: 120_000 }, async () => {
    const code = '# program 0\nSCORE = 1.25\n';
    const { runId } = await codeRun(code, 1.25);
    const spec = { name: 'score', source_literal: '1.25', context_line: 'SCORE = 1.25', default: 1.25, low: 0.5, high: 2, scale: 'linear', kind: 'float', rationale: 'the score itself' };
    const server = await startScriptedLlm([{ kind: 'answer', answer: { hparams: [spec] } }]);
    const env = { EVOSCOPE_LLM_BASE_URL: server.baseUrl, EVOSCOPE_LLM_MODEL: 'scripted-tune', EVOSCOPE_LLM_API_KEY: 'sk-test-not-a-secret' };
    Object.assign(process.env, env);
    try {
      const res = await runCli(['tune', runId, 'p0', '--knobs', 'llm', '--calls', '3', '--json']);
      expect(res.code, res.stderr).toBe(0);
      const out = json(res);
      expect(out.knobs).toEqual([expect.objectContaining({ name: 'score', sourceLiteral: '1.25', line: 2, low: 0.5, high: 2, origin: 'llm' })]);
      expect(out).toMatchObject({ status: 'done', rewriteReproduces: true });
      expect(server.requests).toHaveLength(1);
      expect(JSON.stringify(server.requests[0].body)).toContain('SCORE = 1.25');
      const [check] = await listCalls(out.experimentId);
      expect(check.input).toMatchObject({ knobSource: 'llm' });
      expect(check.llm).toMatchObject({ model: 'scripted-tune', usage: expect.anything() });
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
      await server.close();
    }
  });

  it('the CLI says what is wrong: no evaluator, no knobs, no LLM for --knobs llm, not Python or C++', { timeout: 180_000 }, async () => {
    const r = await scoredRun(`tune none ${crypto.randomUUID().slice(0, 8)}`, [1.5]);
    runIds.push(r.runId);
    const none = await runCli(['tune', r.runId, 'p0', '--json']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no evaluator attached');

    const noKnobs = await codeRun('# program 0\nSCORE = len("abc")\n', 3);
    const empty = await runCli(['tune', noKnobs.runId, 'p0']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no knobs found in program p0/);

    const noLlm = await runCli(['tune', noKnobs.runId, 'p0', '--knobs', 'llm', '--json']);
    expect(noLlm.code).toBe(1);
    expect(json(noLlm)).toMatchObject({ status: 'failed', error: `the LLM knob finder needs an LLM: ${LLM_NOT_CONFIGURED}` });

    const rust = await codeRun('# program 0\nSCORE = 2.5\n', 2.5);
    await pool().query("UPDATE programs SET language = 'rust' WHERE id = $1", [rust.programId]);
    const lang = await runCli(['tune', rust.runId, 'p0', '--json']);
    expect(lang.code).toBe(1);
    expect(json(lang)).toMatchObject({ status: 'failed', error: expect.stringContaining('tuning needs Python or C++') });

    const usage = await runCli(['tune', rust.runId]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('tune needs a <programId>');
  });
});

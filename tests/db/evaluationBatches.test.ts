// Re-evaluation batches in PostgreSQL with an injected evaluation (issue 8, item 4): the
// best-so-far chain, one row per (program, test set) with its metrics, logs and timings,
// progress, resume after an interruption, cancel, one runner per batch, and a run without an
// evaluator. The evaluation is a fake here (it reads SCORE from the source); the real sandboxed
// evaluator is exercised by rerunReal.test.ts.
import { describe, expect, it } from 'vitest';
import type { EvaluationOutcome } from '../../lib/contracts/evaluatorTypes';
import { pool } from '../../lib/db/client';
import { BatchInputError, bestChainProgramIds, cancelBatch, createEvaluationBatch, getBatchDetail, getBatchProgress, NO_EVALUATOR, type EvaluatorLoader } from '../../lib/db/evaluationBatches';
import { runEvaluationBatch, type EvaluateFn } from '../../lib/services/evaluation/runEvaluationBatch';
import { LOG_CAP_CHARS } from '../../lib/db/logCells';
import { evaluatorRow, scoredRun } from '../helpers/rerun';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

async function run(scores: number[]) {
  const r = await scoredRun(`rerun batches ${crypto.randomUUID().slice(0, 8)}`, scores);
  runIds.push(r.runId);
  return r;
}

const loader: EvaluatorLoader = async (runId, version) => {
  const { rows } = await pool().query<{ id: string; version: number; private_files: unknown }>(
    'SELECT id, version, private_files FROM evaluators WHERE run_id = $1 AND ($2::int IS NULL OR version = $2) ORDER BY version DESC LIMIT 1',
    [runId, version ?? null],
  );
  if (!rows[0]) return null;
  return {
    id: rows[0].id, version: rows[0].version, contract: 'openevolve', entry: 'evaluator.py', programFile: 'program.py', files: {},
    privateFiles: rows[0].private_files ? { 'private/seeds.txt': Buffer.from('x') } : undefined, timeoutSeconds: 10, memoryMb: 512,
  };
};

/** Reads SCORE from the source; the private set scores 1 lower. Counts calls; waits `ms` unless aborted. */
function fakeEvaluate(opts: { ms?: number; stdout?: string } = {}) {
  const calls: string[] = [];
  const aborted: string[] = [];
  let running = 0;
  const state = { calls, aborted, peak: 0 };
  const evaluate: EvaluateFn = async (_bundle, program, { testSet, signal }) => {
    calls.push(`${program.source.split('\n')[0]}:${testSet}`);
    running++;
    state.peak = Math.max(state.peak, running);
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, opts.ms ?? 5);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        aborted.push(program.source.split('\n')[0]);
        resolve();
      }, { once: true });
    });
    running--;
    const score = Number(/SCORE = (\S+)/.exec(program.source)![1]) - (testSet === 'private' ? 1 : 0);
    const ok = score > 0;
    const outcome: EvaluationOutcome = {
      status: ok ? 'ok' : 'candidate-error', sandboxStatus: ok ? 'ok' : 'exit', metrics: ok ? { combined_score: score, nan: NaN } : {},
      score: ok ? score : null, testSet, stdout: opts.stdout ?? `evaluated ${score}`, stderr: ok ? '' : 'Traceback: negative',
      message: ok ? undefined : 'the candidate exited with code 1', wallMs: 12.5, cpuMs: 8, peakMemoryKb: 2048.4,
    };
    return outcome;
  };
  return { state, evaluate };
}

const rows = async (batchId: string) =>
  (
    await pool().query(
      `SELECT program_id, test_set, kind, status, score, sandbox_status, public_metrics, private_metrics, output, errors,
              wall_ms, cpu_ms, peak_memory_kb, evaluator_id FROM evaluations WHERE batch_id = $1 ORDER BY id`,
      [batchId],
    )
  ).rows;

describe('evaluation batches', () => {
  it('the best-so-far chain is the programs that set a new best, in canonical order', async () => {
    const r = await run([1, 3, 2, 5, 5, 4, 7]);
    expect(await bestChainProgramIds(r.runId)).toEqual([0, 1, 3, 6].map((i) => r.programIds[i]));
  });

  it('stores one rerun row per (program, test set) with metrics, logs, timings and progress', async () => {
    const r = await run([1, 3, 2, 5]);
    const ev = await evaluatorRow(r.runId, { privateFiles: true });
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', testSets: ['public', 'private'], concurrency: 2 }))!;
    expect(batch).toMatchObject({ status: 'queued', total: 6, done: 0, testSets: ['public', 'private'], evaluatorId: ev.id, evaluatorVersion: ev.version, concurrency: 2 });
    // Long enough that the two lanes' evaluations overlap whatever the database's latency.
    const fake = fakeEvaluate({ ms: 300 });
    const seen: number[] = [];
    const final = await runEvaluationBatch(batch.id, { evaluate: fake.evaluate, loadEvaluator: loader }, { onProgress: (p) => seen.push(p.done) });
    expect(final).toMatchObject({ status: 'done', total: 6, done: 6, failed: 1 }); // program 0 on private scores 0: a candidate error here
    expect(final!.finishedAt).not.toBeNull();
    expect(seen.at(-1)).toBe(6);
    expect(fake.state.peak).toBe(2);
    const stored = await rows(batch.id);
    expect(stored).toHaveLength(6);
    const pub = stored.find((x) => x.program_id === r.programIds[3] && x.test_set === 'public')!;
    expect(pub).toMatchObject({
      kind: 'rerun', status: 'ok', score: 5, sandbox_status: 'ok', public_metrics: { combined_score: 5, nan: null }, private_metrics: null,
      output: 'evaluated 5', errors: null, wall_ms: 12.5, cpu_ms: 8, peak_memory_kb: 2048, evaluator_id: ev.id,
    });
    const priv = stored.find((x) => x.program_id === r.programIds[3] && x.test_set === 'private')!;
    expect(priv).toMatchObject({ score: 4, public_metrics: null, private_metrics: { combined_score: 4, nan: null } });
    const bad = stored.find((x) => x.program_id === r.programIds[0] && x.test_set === 'private')!;
    expect(bad).toMatchObject({ status: 'candidate-error', score: null, sandbox_status: 'exit' });
    expect(bad.errors).toBe('the candidate exited with code 1\n\nTraceback: negative');

    const detail = (await getBatchDetail(r.runId, batch.id))!;
    expect(detail.steps.map((s) => [s.externalId, s.recordedScore, s.public?.score, s.private?.score])).toEqual([
      ['p0', 1, 1, null], ['p1', 3, 3, 2], ['p3', 5, 5, 4],
    ]);
    // Running a finished batch again evaluates nothing.
    const again = fakeEvaluate();
    await runEvaluationBatch(batch.id, { evaluate: again.evaluate, loadEvaluator: loader });
    expect(again.state.calls).toEqual([]);
  });

  it('resumes after an interruption: stored pairs are not run again', async () => {
    const r = await run([1, 2, 3, 4, 5, 6]);
    await evaluatorRow(r.runId);
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', concurrency: 1 }))!;
    const first = fakeEvaluate();
    const stop = new AbortController();
    const interrupted = await runEvaluationBatch(batch.id, { evaluate: first.evaluate, loadEvaluator: loader }, {
      signal: stop.signal,
      onProgress: (p) => p.done >= 2 && stop.abort(),
    });
    expect(interrupted).toMatchObject({ status: 'running', done: 2, total: 6 });
    expect(await rows(batch.id)).toHaveLength(2);

    const second = fakeEvaluate();
    const final = await runEvaluationBatch(batch.id, { evaluate: second.evaluate, loadEvaluator: loader });
    expect(final).toMatchObject({ status: 'done', done: 6, failed: 0 });
    // Only what the first run did not store; nothing twice.
    expect(second.state.calls).toEqual(['# program 2:public', '# program 3:public', '# program 4:public', '# program 5:public']);
    const stored = await rows(batch.id);
    expect(stored.map((x) => x.program_id).sort()).toEqual([...r.programIds].sort());
  });

  it('a cancel stops the batch and aborts the running evaluations; nothing more is stored', async () => {
    const r = await run([1, 2, 3, 4, 5, 6, 7, 8]);
    await evaluatorRow(r.runId);
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', concurrency: 2 }))!;
    const slow = fakeEvaluate({ ms: 30_000 });
    const started = Date.now();
    const running = runEvaluationBatch(batch.id, { evaluate: slow.evaluate, loadEvaluator: loader }, { pollMs: 50 });
    while (slow.state.calls.length < 2) await new Promise((res) => setTimeout(res, 10));
    expect((await getBatchProgress(r.runId, batch.id))!.status).toBe('running');
    expect((await cancelBatch(r.runId, batch.id))!.status).toBe('cancelled');
    const final = await running;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(final).toMatchObject({ status: 'cancelled', done: 0 });
    expect(slow.state.aborted.sort()).toEqual(['# program 0', '# program 1']);
    expect(await rows(batch.id)).toHaveLength(0);
    // A cancelled batch is not resumed.
    const later = fakeEvaluate();
    expect(await runEvaluationBatch(batch.id, { evaluate: later.evaluate, loadEvaluator: loader })).toMatchObject({ status: 'cancelled' });
    expect(later.state.calls).toEqual([]);
  });

  it('one process runs a batch at a time', async () => {
    const r = await run([1, 2, 3]);
    await evaluatorRow(r.runId);
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', concurrency: 1 }))!;
    const slow = fakeEvaluate({ ms: 300 });
    const first = runEvaluationBatch(batch.id, { evaluate: slow.evaluate, loadEvaluator: loader });
    while (slow.state.calls.length < 1) await new Promise((res) => setTimeout(res, 10));
    const other = fakeEvaluate();
    const second = await runEvaluationBatch(batch.id, { evaluate: other.evaluate, loadEvaluator: loader });
    expect(second?.skipped).toBe('another process is running this batch');
    expect(other.state.calls).toEqual([]);
    expect(await first).toMatchObject({ status: 'done', done: 3 });
  });

  it('an evaluation that throws is that pair failing (sandbox-error), not the batch', async () => {
    const r = await run([1, 2, 3]);
    await evaluatorRow(r.runId);
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', concurrency: 1 }))!;
    const fake = fakeEvaluate();
    const evaluate: EvaluateFn = (bundle, program, opts) =>
      program.source.startsWith('# program 1\n') ? Promise.reject(new Error('no harness for this contract')) : fake.evaluate(bundle, program, opts);
    expect(await runEvaluationBatch(batch.id, { evaluate, loadEvaluator: loader })).toMatchObject({ status: 'done', done: 3, failed: 1 });
    const bad = (await rows(batch.id)).find((x) => x.program_id === r.programIds[1])!;
    expect(bad).toMatchObject({ status: 'sandbox-error', sandbox_status: 'sandbox-error', score: null });
    expect(bad.errors).toBe('the evaluation could not run: no harness for this contract');
  });

  it('caps stored logs and replaces NUL characters', async () => {
    const r = await run([1]);
    await evaluatorRow(r.runId);
    const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'program', programIds: [r.programIds[0]] }))!;
    const noisy = fakeEvaluate({ stdout: `a\u0000b${'x'.repeat(LOG_CAP_CHARS * 2)}` });
    expect(await runEvaluationBatch(batch.id, { evaluate: noisy.evaluate, loadEvaluator: loader })).toMatchObject({ status: 'done', done: 1 });
    const [row] = await rows(batch.id);
    expect(row.output.startsWith('a\uFFFDb')).toBe(true);
    expect(row.output).toMatch(/… \(\d+ more characters not stored\)$/);
    expect(row.output.length).toBeLessThan(LOG_CAP_CHARS + 100);
  });

  it('a run without an evaluator is refused (409 NO_EVALUATOR, saying how to attach one) and nothing is stored', async () => {
    const r = await run([1, 2]);
    const count = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM evaluation_batches WHERE run_id = $1', [r.runId])).rows[0].n;
    const before = await count();
    for (const input of [
      { runId: r.runId, scope: 'program' as const, programIds: [r.programIds[1]] },
      { runId: r.runId, scope: 'best-chain' as const },
      { runId: r.runId, scope: 'best-chain' as const, testSets: ['public', 'private'] as const },
    ]) {
      const e = await createEvaluationBatch(input).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(BatchInputError);
      expect(e).toMatchObject({ status: 409, code: 'NO_EVALUATOR', message: NO_EVALUATOR });
    }
    expect(await count()).toBe(before);
    expect(NO_EVALUATOR).toContain('evoscope env attach');
  });

  it('refuses programs of another run and a private test set the evaluator lacks', async () => {
    const a = await run([1]);
    const b = await run([2]);
    await evaluatorRow(a.runId);
    await expect(createEvaluationBatch({ runId: a.runId, scope: 'program', programIds: [b.programIds[0]] })).rejects.toThrow(/is not in this run/);
    const e = await createEvaluationBatch({ runId: a.runId, scope: 'best-chain', testSets: ['public', 'private'] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BatchInputError);
    expect((e as BatchInputError).message).toMatch(/has no private test set/);
    expect(await createEvaluationBatch({ runId: crypto.randomUUID(), scope: 'best-chain' })).toBeNull();
  });
});

// The experiment driver (lib/services/experiments/runExperiment.ts) on its own, with runners injected: a run
// without an evaluator is refused (nothing stored) with a message saying how to attach one; a runner's calls are
// stored once and counted; a shutdown leaves the experiment running and a second run resumes
// with the stored calls (nothing repeated); a cancel aborts the runner; an ExperimentFailure
// ends it failed with its message; two processes never run one experiment at once. The
// evaluations are real (sandbox + the test evaluator of tests/helpers/rerun.ts).
import { describe, expect, it } from 'vitest';
import { createExperiment, cancelExperiment, ExperimentInputError, getExperiment, listCalls, resumeExperiment } from '../../lib/db/experiments';
import { createDiagnoseExperiment } from '../../lib/services/experiments/diagnose';
import { runExperiment, type Runners } from '../../lib/services/experiments/runExperiment';
import { ExperimentFailure, type ExperimentContext } from '../../lib/interventions/context';
import type { AblationReport, ExperimentReport } from '../../lib/contracts/interventionTypes';
import { NO_EVALUATOR } from '../../lib/db/evaluationBatches';
import { pool } from '../../lib/db/client';
import { deleteRun } from '../../lib/db/runEdit';
import crypto from 'node:crypto';
import { useTestDatabase } from '../helpers/dbTest';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';

const { runIds } = useTestDatabase();

const report = (): AblationReport => ({ kind: 'ablate', parentId: 'p', parentScore: null, childScore: null, tolerance: 0, variants: [], labels: [] });

/** A runner evaluating `SCORE = k` for k = 0..n-1 (skipping stored ones), calling `each` after every store. */
function countingRunner(n: number, each: (ctx: ExperimentContext<unknown>, idx: number) => Promise<void> | void = () => {}) {
  const ran: number[] = [];
  const runner = async (ctx: ExperimentContext<unknown>): Promise<ExperimentReport> => {
    await ctx.progress({ total: n, phase: 'counting' });
    for (let idx = 0; idx < n; idx++) {
      if (ctx.stored.has(idx) || ctx.signal.aborted) continue;
      ran.push(idx);
      const o = await ctx.evaluate(`SCORE = ${idx}\n`);
      await ctx.storeCall({ idx, phase: 'count', input: { k: idx }, status: o.status, score: o.score, sourceSha: await ctx.putBlob(`SCORE = ${idx}\n`) });
      await each(ctx, idx);
    }
    return report();
  };
  return { ran, runners: { ablate: runner } as Partial<Runners> };
}

async function setup(name: string, withEvaluator = true) {
  const { runId, programIds } = await scoredRun(name, [1, 2]);
  runIds.push(runId);
  if (withEvaluator) await attachScoreEvaluator(runId);
  return { runId, programId: programIds[1] };
}

describe('experiment driver', () => {
  it('a run without an evaluator: every kind is refused (409 NO_EVALUATOR, saying how to attach one) and nothing is stored', async () => {
    const { runId, programId } = await setup('x-no-evaluator', false);
    const count = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM experiments WHERE run_id = $1', [runId])).rows[0].n;
    const before = await count();
    // One at a time, each awaited where it is made: promises made together and awaited in turn
    // reject before their handler is attached (an unhandled rejection to vitest).
    const refusals = [
      () => createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } }),
      () => createExperiment({ runId, programId, params: { kind: 'replay', n: 1, variants: ['exact'] } }),
      () => createExperiment({ runId, programId, params: { kind: 'tune', knobSource: 'offline', calls: 4, initialRandom: 1, seed: 0, style: 'dict' } }),
      () => createDiagnoseExperiment(runId, {}),
    ];
    for (const start of refusals) {
      const e = await start().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ExperimentInputError);
      expect(e).toMatchObject({ status: 409, code: 'NO_EVALUATOR', message: NO_EVALUATOR });
    }
    expect(await count()).toBe(before);
  });

  it('params are checked against their kind when stored, and a stored bad one ends the experiment failed, not retried', async () => {
    const { runId, programId } = await setup('x-params');
    await expect(createExperiment({ runId, programId, params: { kind: 'tune', knobSource: 'offline', calls: 1, initialRandom: 8, seed: 0, style: 'dict' } })).rejects.toThrow(
      /tune params: calls: .*>=\s*2/,
    );
    const x = await createExperiment({ runId, programId, params: { kind: 'tune', knobSource: 'offline', calls: 4, initialRandom: 1, seed: 0, style: 'dict' } });
    expect(x.params).toMatchObject({ kind: 'tune', calls: 4 });
    await pool().query(`UPDATE experiments SET params = params || '{"calls": 1}'::jsonb WHERE id = $1`, [x.id]);
    const out = await runExperiment(x.id);
    expect(out!.status).toBe('failed');
    expect(out!.error).toMatch(/its params are not valid: calls/);
  });

  it('a program of another run is refused', async () => {
    const a = await setup('x-a');
    const b = await setup('x-b');
    await expect(createExperiment({ runId: a.runId, programId: b.programId, params: { kind: 'ablate', functions: true } })).rejects.toThrow(/is not in run/);
  });

  it('stores each call once, counts them, and ends done with the report', async () => {
    const { runId, programId } = await setup('x-done');
    const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
    const { ran, runners } = countingRunner(3);
    const out = await runExperiment(x.id, { runners });
    expect(out!.status).toBe('done');
    expect(ran).toEqual([0, 1, 2]);
    expect([out!.total, out!.done, out!.failed]).toEqual([3, 3, 0]);
    expect(out!.result).toEqual(report());
    expect(out!.phase).toBeNull();
    const calls = await listCalls(x.id);
    expect(calls.map((c) => [c.idx, c.score, c.status])).toEqual([[0, 0, 'ok'], [1, 1, 'ok'], [2, 2, 'ok']]);
    // Running a finished experiment again does nothing.
    const again = await runExperiment(x.id, { runners: countingRunner(3).runners });
    expect(again!.status).toBe('done');
    expect((await listCalls(x.id)).length).toBe(3);
  }, 60_000);

  it('a shutdown leaves it running; the next run resumes without repeating a stored call', async () => {
    const { runId, programId } = await setup('x-resume');
    const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
    const shutdown = new AbortController();
    const first = countingRunner(4, (_ctx, idx) => {
      if (idx === 1) shutdown.abort();
    });
    const out = await runExperiment(x.id, { runners: first.runners, signal: shutdown.signal });
    expect(out!.interrupted).toBe(true);
    expect(out!.status).toBe('running');
    expect(first.ran).toEqual([0, 1]);
    const before = await listCalls(x.id);

    const second = countingRunner(4);
    const done = await runExperiment(x.id, { runners: second.runners });
    expect(second.ran).toEqual([2, 3]);
    expect(done!.status).toBe('done');
    const after = await listCalls(x.id);
    expect(after.map((c) => c.idx)).toEqual([0, 1, 2, 3]);
    expect(after.slice(0, 2).map((c) => c.createdAt)).toEqual(before.map((c) => c.createdAt));
  }, 60_000);

  it('a cancel aborts the runner and the experiment stays cancelled; resume continues it', async () => {
    const { runId, programId } = await setup('x-cancel');
    const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
    const r = countingRunner(5, async (ctx, idx) => {
      if (idx !== 0) return;
      await cancelExperiment(runId, x.id);
      // The driver polls the status: the runner's signal aborts within the poll interval.
      await new Promise<void>((resolve) => (ctx.signal.aborted ? resolve() : ctx.signal.addEventListener('abort', () => resolve(), { once: true })));
    });
    const out = await runExperiment(x.id, { runners: r.runners, pollMs: 50 });
    expect(out!.status).toBe('cancelled');
    expect(r.ran).toEqual([0]);
    expect((await resumeExperiment(runId, x.id))!.status).toBe('queued');
    const rest = countingRunner(5);
    expect((await runExperiment(x.id, { runners: rest.runners }))!.status).toBe('done');
    expect(rest.ran).toEqual([1, 2, 3, 4]);
  }, 60_000);

  it('an ExperimentFailure ends it failed with its message', async () => {
    const { runId, programId } = await setup('x-fail');
    const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
    const out = await runExperiment(x.id, {
      runners: { ablate: async () => { throw new ExperimentFailure('this program has no parent to ablate against'); } },
    });
    expect(out!.status).toBe('failed');
    expect(out!.error).toBe('this program has no parent to ablate against');
  });

  it('deleting a run removes the blobs only its experiments named, and keeps those another run still names', async () => {
    const a = await setup('x-gc-a');
    const b = await setup('x-gc-b');
    const store = async (runId: string, programId: string, texts: string[]) => {
      const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
      const runners = { ablate: async (ctx: ExperimentContext<unknown>) => {
        for (const [idx, t] of texts.entries()) await ctx.storeCall({ idx, phase: 'gc', input: {}, status: 'ok', score: 1, sourceSha: await ctx.putBlob(t), requestSha: await ctx.putBlob(`req ${t}`) });
        return report();
      } } as Partial<Runners>;
      await runExperiment(x.id, { runners });
    };
    const tag = crypto.randomUUID();
    await store(a.runId, a.programId, [`only a ${tag}`, `shared ${tag}`]);
    await store(b.runId, b.programId, [`shared ${tag}`]);
    const has = async (t: string) => (await pool().query('SELECT 1 FROM blobs WHERE content = $1', [t])).rowCount === 1;
    await deleteRun(a.runId);
    expect(await has(`only a ${tag}`)).toBe(false);
    expect(await has(`req only a ${tag}`)).toBe(false);
    expect(await has(`shared ${tag}`)).toBe(true);
    expect(await has(`req shared ${tag}`)).toBe(true);
  });

  it('one process at a time: a second runner of the same experiment is skipped', async () => {
    const { runId, programId } = await setup('x-lock');
    const x = await createExperiment({ runId, programId, params: { kind: 'ablate', functions: true } });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = runExperiment(x.id, { runners: { ablate: async () => { await gate; return report(); } } });
    // Wait until the first one holds the lock (it marks the experiment running).
    for (let i = 0; i < 100 && (await getExperiment(runId, x.id))!.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    const second = await runExperiment(x.id, { runners: { ablate: async () => report() } });
    expect(second!.skipped).toMatch(/another process/);
    release();
    expect((await first)!.status).toBe('done');
  });
});

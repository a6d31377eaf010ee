// Re-evaluation with the real evaluator in the real sandbox (issue 8, item 4), through the API
// routes: an OpenEvolve-style evaluator.py of our own attached with attachEvaluator re-scores the
// best-so-far chain on the public and private test sets (the public scores reproduce the recorded
// ones exactly), a running batch is cancelled and its sandboxes stop, and a run without an
// evaluator gets the message saying how to attach one.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as GET_BATCH } from '../../app/api/runs/[runId]/evaluation-batches/[batchId]/route';
import { POST as CANCEL } from '../../app/api/runs/[runId]/evaluation-batches/[batchId]/cancel/route';
import { POST as START } from '../../app/api/runs/[runId]/evaluations/route';
import { GET as PROGRAM_EVALS } from '../../app/api/runs/[runId]/programs/[programId]/evaluations/route';
import { PUT as PUT_SETTINGS } from '../../app/api/settings/evaluation/route';
import os from 'node:os';
import type { BatchDetail, ProgramEvaluations } from '../../lib/contracts/api/evaluations';
import { disconnect, pool } from '../../lib/db/client';
import { NO_EVALUATOR } from '../../lib/db/evaluationBatches';
import { migrate } from '../../lib/runtime/migrate';
import { getProgramDetail } from '../../lib/db/programs';
import { runEvaluationBatch } from '../../lib/services/evaluation/runEvaluationBatch';
import { sandboxBatchDeps } from '../../lib/services/evaluation/batchDeps';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';

const runIds: string[] = [];
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
});

async function run(scores: number[], delay?: number) {
  const r = await scoredRun(`rerun real ${crypto.randomUUID().slice(0, 8)}`, scores, { delay });
  runIds.push(r.runId);
  return r;
}

type Handler<P> = (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>;
async function call<P>(h: Handler<P>, method: string, url: string, params: P, body?: unknown) {
  const req = new NextRequest(`http://${host}${url}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await h(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const start = (runId: string, body: unknown) => call(START, 'POST', `/api/runs/${runId}/evaluations`, { runId }, body);
const batchOf = async (runId: string, batchId: string) =>
  (await call(GET_BATCH, 'GET', `/api/runs/${runId}/evaluation-batches/${batchId}`, { runId, batchId })).body as unknown as BatchDetail;

describe('re-evaluation with a real evaluator', () => {
  it('re-scores the best-so-far chain on both test sets; public scores reproduce the recorded ones', { timeout: 120_000 }, async () => {
    const r = await run([0.5, 0.25, 1.5, 1.5, 2.75]);
    const ev = await attachScoreEvaluator(r.runId, { private: true });
    const started = await start(r.runId, { scope: 'best-chain', testSets: ['public', 'private'], concurrency: 2 });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const batchId = (started.body.batch as { id: string }).id;
    expect(started.body.batch).toMatchObject({ status: 'queued', total: 6, evaluatorVersion: ev.version });

    // What the worker task does, in-process here (the worker test covers the task itself).
    const final = await runEvaluationBatch(batchId, sandboxBatchDeps);
    expect(final).toMatchObject({ status: 'done', done: 6, failed: 0 });

    const detail = await batchOf(r.runId, batchId);
    expect(detail.steps.map((s) => [s.externalId, s.recordedScore, s.public?.score, s.private?.score])).toEqual([
      ['p0', 0.5, 0.5, -0.5],
      ['p2', 1.5, 1.5, 0.5],
      ['p4', 2.75, 2.75, 1.75],
    ]);
    expect(detail.steps.every((s) => s.public?.status === 'ok' && s.public.sandboxStatus === 'ok')).toBe(true);

    // The program's evaluations: the re-runs beside the recorded one, with logs and timings;
    // the program page's own evaluation list stays what the trace recorded.
    const pid = r.programIds[4];
    const evals = (await call(PROGRAM_EVALS, 'GET', `/api/runs/${r.runId}/programs/${pid}/evaluations`, { runId: r.runId, programId: pid }))
      .body as unknown as ProgramEvaluations;
    expect(evals.recorded).toEqual({ score: 2.75, metrics: { combined_score: 2.75, size: 4 } });
    expect(evals.reruns.map((e) => [e.testSet, e.score, e.metrics.raw, e.evaluatorVersion])).toEqual(
      expect.arrayContaining([['public', 2.75, 2.75, ev.version], ['private', 1.75, 2.75, ev.version]]),
    );
    const pub = evals.reruns.find((e) => e.testSet === 'public')!;
    expect(pub.output).toContain('evaluated 2.75 with offset 0.0');
    expect(pub.wallMs).toBeGreaterThan(0);
    expect(pub.peakMemoryKb).toBeGreaterThan(0);
    expect((await getProgramDetail(r.runId, pid))!.evaluations.every((e) => !e.publicMetrics || !(e.publicMetrics as Record<string, unknown>).raw)).toBe(true);
  });

  it('re-runs one program by id', { timeout: 60_000 }, async () => {
    const r = await run([3, 4]);
    await attachScoreEvaluator(r.runId);
    const started = await start(r.runId, { programId: r.programIds[0] });
    expect(started.status).toBe(201);
    const batchId = (started.body.batch as { id: string }).id;
    await runEvaluationBatch(batchId, sandboxBatchDeps);
    expect((await batchOf(r.runId, batchId)).steps).toEqual([
      expect.objectContaining({ externalId: 'p0', recordedScore: 3, public: { score: 3, status: 'ok', sandboxStatus: 'ok' }, private: null }),
    ]);
  });

  it('a cancel through the API stops the running sandboxes at once and stores nothing more', { timeout: 60_000 }, async () => {
    const r = await run([1, 2, 3, 4, 5, 6], 30); // each evaluation would sleep 30 s
    await attachScoreEvaluator(r.runId);
    const batchId = ((await start(r.runId, { scope: 'best-chain', concurrency: 2 })).body.batch as { id: string }).id;
    const t0 = Date.now();
    const running = runEvaluationBatch(batchId, sandboxBatchDeps, { pollMs: 100 });
    await expect.poll(async () => (await batchOf(r.runId, batchId)).status, { timeout: 10_000 }).toBe('running');
    // Both sandboxes are up and sleeping (their evaluator processes exist) before the cancel.
    await new Promise((res) => setTimeout(res, 1500));
    const cancelled = await call(CANCEL, 'POST', `/api/runs/${r.runId}/evaluation-batches/${batchId}/cancel`, { runId: r.runId, batchId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.batch).toMatchObject({ status: 'cancelled' });
    const final = await running;
    expect(final).toMatchObject({ status: 'cancelled', done: 0 });
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect((await pool().query('SELECT count(*)::int AS n FROM evaluations WHERE batch_id = $1', [batchId])).rows[0].n).toBe(0);
  });

  it('batches take their concurrency from the setting, the machine\'s cores when unset', async () => {
    const r = await run([1, 2]);
    await attachScoreEvaluator(r.runId);
    const put = (concurrency: unknown) => call(PUT_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency });
    try {
      // The answer also carries the owner's maxima (issue 28): by default the batch's default concurrency caps it.
      expect((await put(3)).body).toMatchObject({ concurrency: 3, defaultConcurrency: os.availableParallelism(), defaultLimits: { maxConcurrency: 3 } });
      expect((await start(r.runId, { scope: 'best-chain' })).body.batch).toMatchObject({ concurrency: 3 });
      expect((await start(r.runId, { scope: 'best-chain', concurrency: 1 })).body.batch).toMatchObject({ concurrency: 1 });
      expect((await put(0)).status).toBe(400);
      expect((await put(null)).body).toMatchObject({ concurrency: null, defaultConcurrency: os.availableParallelism(), defaultLimits: { maxConcurrency: os.availableParallelism() } });
      expect((await start(r.runId, { scope: 'best-chain' })).body.batch).toMatchObject({ concurrency: os.availableParallelism() });
    } finally {
      await pool().query(`UPDATE evaluation_batches SET status = 'cancelled' WHERE run_id = $1`, [r.runId]);
    }
  });

  it('a run without an evaluator: 409 with how to attach one, nothing stored; bad requests are refused', async () => {
    const r = await run([1]);
    const batches = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM evaluation_batches WHERE run_id = $1', [r.runId])).rows[0].n;
    const res = await start(r.runId, { programId: r.programIds[0] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: NO_EVALUATOR, code: 'NO_EVALUATOR' });
    expect(await batches()).toBe(0);
    expect((await start(r.runId, { scope: 'everything' })).status).toBe(400);
    expect((await start(r.runId, { programId: crypto.randomUUID() })).status).toBe(404);
    await attachScoreEvaluator(r.runId);
    const priv = await start(r.runId, { scope: 'best-chain', testSets: ['public', 'private'] });
    expect(priv.status).toBe(409);
    expect(priv.body.error).toMatch(/has no private test set/);
  });
});

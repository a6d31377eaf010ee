// An experiment run by real worker processes (issue 11, item 4) survives the worker: killed
// mid-tuning (SIGKILL), the next worker to start resumes it where it stopped (the calls stored
// before the kill are kept, none is run twice, the optimiser continues from the stored history);
// stopped gracefully (SIGTERM), the worker aborts its sandbox at once and its successor finishes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { initParsers } from '../../lib/analysis/treeSitter';
import { disconnect, pool } from '../../lib/db/client';
import { createExperiment, getExperiment, listCalls } from '../../lib/db/experiments';
import { migrate } from '../../lib/runtime/migrate';
import { findKnobsOffline } from '../../lib/interventions/knobs/offline';
import type { TuneReport } from '../../lib/contracts/interventionTypes';
import { enqueueExperiment, releaseJobClient } from '../../lib/db/jobQueue';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';
import { startWorker, waitFor as waitForHelper, type StartedWorker } from '../helpers/workerProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-experiment-worker-'));
const env = { EVOSCOPE_DATA_DIR: dataDir };
const runIds: string[] = [];
const workers: StartedWorker[] = [];

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  await initParsers();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const waitFor = <T,>(what: string, probe: () => Promise<T | null | undefined | false>) => waitForHelper(what, probe, { ms: 120_000, workers });

/**
 * A queued tuning of `SCORE` in a program whose evaluation sleeps `delay` s (the test evaluator
 * scores SCORE): `calls` search calls after the check.
 */
async function queuedTuning(delay: number, calls: number) {
  const r = await scoredRun(`experiment worker ${crypto.randomUUID().slice(0, 8)}`, [1.5, 2.5], { delay });
  runIds.push(r.runId);
  await attachScoreEvaluator(r.runId);
  const { rows } = await pool().query<{ content: string }>('SELECT b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.id = $1', [r.programIds[1]]);
  const score = findKnobsOffline(rows[0].content, 'python').knobs.find((k) => k.name === 'score');
  expect(score, 'the offline finder offers SCORE = 2.5').toBeDefined();
  const x = await createExperiment({
    runId: r.runId,
    programId: r.programIds[1],
    params: { kind: 'tune', knobSource: 'offline', knobs: [{ ...score!, low: 0, high: 10, scale: 'linear' }], calls, initialRandom: 2, seed: 7, style: 'dict' },
  });
  await enqueueExperiment(x.id);
  return { ...r, experimentId: x.id };
}

it('a tuning survives a killed worker: the next worker resumes it without re-running stored calls', { timeout: 300_000 }, async () => {
  const t = await queuedTuning(0.5, 6);
  const first = await startWorker(env);
  workers.push(first);
  await waitFor('three stored calls', async () => (await listCalls(t.experimentId)).length >= 3);
  first.child.kill('SIGKILL');
  await first.stop();
  const before = await listCalls(t.experimentId);
  expect((await getExperiment(t.runId, t.experimentId))!.status).toBe('running');

  const second = await startWorker(env);
  workers.push(second);
  const done = await waitFor('the tuning to finish', async () => {
    const x = await getExperiment(t.runId, t.experimentId);
    return x?.status === 'done' && x;
  });
  expect(done).toMatchObject({ total: 7, done: 7, failed: 0 });
  const after = await listCalls(t.experimentId);
  expect(after.map((c) => c.idx)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  // Kept, not redone: the same rows with the same times and results.
  expect(after.slice(0, before.length).map((c) => [c.idx, c.createdAt, c.score])).toEqual(before.map((c) => [c.idx, c.createdAt, c.score]));
  const report = done.result as TuneReport;
  expect(report.rewriteReproduces).toBe(true);
  expect(report.calls).toHaveLength(6);
  expect(report.ceiling).toBeGreaterThanOrEqual(2.5);
  await second.stop();
});

it('a worker stopped gracefully aborts its sandbox at once, and its successor finishes the tuning', { timeout: 300_000 }, async () => {
  const t = await queuedTuning(12, 2); // each evaluation sleeps 12 s
  const first = await startWorker(env);
  workers.push(first);
  await waitFor('the tuning to start', async () => (await getExperiment(t.runId, t.experimentId))?.status === 'running');
  await new Promise((r) => setTimeout(r, 1500)); // the check call's sandbox is up and sleeping
  const t0 = Date.now();
  await first.stop(); // SIGTERM
  expect(Date.now() - t0).toBeLessThan(8000);
  expect(await listCalls(t.experimentId)).toHaveLength(0);
  expect((await getExperiment(t.runId, t.experimentId))!.status).toBe('running');

  const second = await startWorker(env);
  workers.push(second);
  const done = await waitFor('the tuning to finish', async () => {
    const x = await getExperiment(t.runId, t.experimentId);
    return x?.status === 'done' && x;
  });
  expect(done).toMatchObject({ total: 3, done: 3 });
  expect(second.log()).toMatch(/unfinished experiment/);
});

// A re-evaluation batch run by real worker processes (issue 8, item 4) survives the worker:
// killed mid-batch (SIGKILL), the next worker to start resumes the batch where it stopped (the
// pairs stored before the kill are kept, none is stored twice); stopped gracefully (SIGTERM), the
// worker aborts its sandboxes and exits at once, and its successor finishes the batch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { createEvaluationBatch, getBatchProgress } from '../../lib/db/evaluationBatches';
import { migrate } from '../../lib/runtime/migrate';
import { enqueueEvaluationBatch, releaseJobClient } from '../../lib/db/jobQueue';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';
import { startWorker, waitFor as waitForHelper, type StartedWorker } from '../helpers/workerProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-rerun-worker-'));
const env = { EVOSCOPE_DATA_DIR: dataDir };
const runIds: string[] = [];
const workers: StartedWorker[] = [];

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Waits as the shared helper does, with every worker's log in the failure. */
const waitFor = <T,>(what: string, probe: () => Promise<T | null | undefined | false>) => waitForHelper(what, probe, { ms: 90_000, workers });

/** A chain of `n` programs (each a new best) whose evaluations sleep `delay` s, queued for the worker. */
async function queuedBatch(n: number, delay: number) {
  const r = await scoredRun(`rerun worker ${crypto.randomUUID().slice(0, 8)}`, Array.from({ length: n }, (_, i) => i + 1), { delay });
  runIds.push(r.runId);
  await attachScoreEvaluator(r.runId);
  const batch = (await createEvaluationBatch({ runId: r.runId, scope: 'best-chain', concurrency: 1 }))!;
  await enqueueEvaluationBatch(batch.id);
  return { ...r, batchId: batch.id };
}

const stored = async (batchId: string) =>
  (await pool().query<{ id: string; program_id: string }>('SELECT id::text, program_id FROM evaluations WHERE batch_id = $1 ORDER BY id', [batchId])).rows;

it('a batch survives a killed worker: the next worker resumes it without re-running stored pairs', { timeout: 180_000 }, async () => {
  const b = await queuedBatch(6, 0.6);
  const first = await startWorker(env);
  workers.push(first);
  await waitFor('two stored evaluations', async () => (await stored(b.batchId)).length >= 2);
  first.child.kill('SIGKILL');
  await first.stop();
  const before = await stored(b.batchId);
  expect((await getBatchProgress(b.runId, b.batchId))!.status).toBe('running');

  const second = await startWorker(env);
  workers.push(second);
  const done = await waitFor('the batch to finish', async () => {
    const p = await getBatchProgress(b.runId, b.batchId);
    return p?.status === 'done' && p;
  });
  expect(done).toMatchObject({ done: 6, total: 6, failed: 0 });
  const after = await stored(b.batchId);
  expect(after.slice(0, before.length)).toEqual(before); // kept, not redone
  expect(after.map((x) => x.program_id).sort()).toEqual([...b.programIds].sort()); // each once
  expect(second.log()).toMatch(/evaluations to run/);
  await second.stop();
});

it('a worker stopped gracefully aborts its sandboxes at once, and its successor finishes the batch', { timeout: 180_000 }, async () => {
  const b = await queuedBatch(2, 15); // each evaluation sleeps 15 s
  const first = await startWorker(env);
  workers.push(first);
  await waitFor('the batch to start', async () => (await getBatchProgress(b.runId, b.batchId))?.status === 'running');
  await new Promise((r) => setTimeout(r, 1000)); // the sandbox is up and sleeping
  const t0 = Date.now();
  await first.stop(); // SIGTERM
  expect(Date.now() - t0).toBeLessThan(8000);
  expect(await stored(b.batchId)).toHaveLength(0);
  expect((await getBatchProgress(b.runId, b.batchId))!.status).toBe('running');

  const second = await startWorker(env);
  workers.push(second);
  const done = await waitFor('the batch to finish', async () => {
    const p = await getBatchProgress(b.runId, b.batchId);
    return p?.status === 'done' && p;
  });
  expect(done).toMatchObject({ done: 2, total: 2 });
});

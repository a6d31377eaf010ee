// Judging through real worker processes with the real offline judge (issue 9): every run gets
// offline labels without anyone asking (after its analyses, as every import queues them, and at
// start-up for runs stored before), a batch started through the route is run by the worker, and a
// batch survives a killed worker: the next one resumes it, judging each edit once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as batchesRoute from '../../app/api/runs/[runId]/judge-batches/route';
import { isEditLabel } from '../../lib/contracts/editLabels';
import { OFFLINE_JUDGE_KEY } from '../../lib/contracts/taxonomyTypes';
import { disconnect, pool } from '../../lib/db/client';
import { createJudgeBatch, getJudgeBatch } from '../../lib/db/judgeBatches';
import { migrate } from '../../lib/runtime/migrate';
import { enqueueJudgeBatch, enqueueRunAnalyses, releaseJobClient } from '../../lib/db/jobQueue';
import { evolvingRun, judgementRows } from '../helpers/judging';
import { startWorker, waitFor as waitForHelper, type StartedWorker } from '../helpers/workerProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-judge-worker-'));
const env = { EVOSCOPE_DATA_DIR: dataDir };
const runIds: string[] = [];
const workers: StartedWorker[] = [];
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

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

const waitFor = <T,>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 120_000) => waitForHelper(what, probe, { ms, workers });

async function run(n: number) {
  const r = await evolvingRun(n, crypto.randomUUID());
  runIds.push(r.runId);
  return r;
}

const offlineBatches = async (runId: string) =>
  (await pool().query<{ id: string; status: string; done: number; total: number }>(
    `SELECT id, status, done, total FROM judge_batches WHERE run_id = $1 AND judge = $2 ORDER BY created_at`, [runId, OFFLINE_JUDGE_KEY],
  )).rows;

function expectLabelled(rows: Awaited<ReturnType<typeof judgementRows>>, edits: number) {
  expect(rows).toHaveLength(edits);
  expect(new Set(rows.map((r) => r.child_id)).size).toBe(edits);
  for (const r of rows) {
    expect(r.status, r.reason ?? '').toBe('judged');
    expect(r.labels.length).toBeGreaterThan(0);
    expect(r.labels.every(isEditLabel)).toBe(true);
    expect(r.rationale).not.toBe('');
  }
}

it('every run gets offline labels without anyone asking: after its analyses, and at start-up for runs stored before', { timeout: 240_000 }, async () => {
  const before = await run(40); // stored with nothing queued (as by an older Evoscope)
  const imported = await run(60);
  await enqueueRunAnalyses(imported.runId); // what every import does once its runs are stored
  const w = await startWorker(env);
  workers.push(w);
  for (const r of [imported, before]) {
    const batch = await waitFor('an offline batch to finish', async () => (await offlineBatches(r.runId)).find((b) => b.status === 'done'));
    expect(batch).toMatchObject({ done: r.edits, total: r.edits });
    expectLabelled(await judgementRows(r.runId, OFFLINE_JUDGE_KEY), r.edits);
  }
  expect(w.log()).toMatch(/queued offline judging of \d+ run\(s\) without offline labels/);
  // The labels are the real judge's: an added import is external_dependency, a changed constant hyperparameter_tuning.
  const labels = new Set((await judgementRows(imported.runId, OFFLINE_JUDGE_KEY)).flatMap((r) => r.labels));
  expect(labels).toContain('external_dependency');
  expect(labels).toContain('hyperparameter_tuning');
  await w.stop();
});

it('a batch started through the route is run by the worker', { timeout: 240_000 }, async () => {
  const r = await run(30);
  const w = await startWorker(env);
  workers.push(w);
  // The start-up sweep may already have queued one: then the route says so (409) and we follow that one.
  const req = new NextRequest(`http://${host}/api/runs/${r.runId}/judge-batches`, {
    method: 'POST', headers: { host, 'content-type': 'application/json' }, body: JSON.stringify({ judge: 'offline' }),
  });
  const res = await batchesRoute.POST(req, { params: Promise.resolve({ runId: r.runId }) });
  expect([201, 409]).toContain(res.status);
  const done = await waitFor('the batch to finish', async () => (await offlineBatches(r.runId)).find((b) => b.status === 'done'));
  expect(done.done).toBe(29);
  expectLabelled(await judgementRows(r.runId, OFFLINE_JUDGE_KEY), 29);
  await w.stop();
});

it('a batch survives a killed worker: the next worker resumes it and judges each edit once', { timeout: 300_000 }, async () => {
  const r = await run(3000);
  const batch = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
  await enqueueJudgeBatch(batch.id);
  const first = await startWorker(env);
  workers.push(first);
  await waitFor('some edits judged', async () => {
    const b = await getJudgeBatch(r.runId, batch.id);
    return b && b.done > 0 && b.done < b.total;
  });
  first.child.kill('SIGKILL');
  await first.stop();
  const stopped = (await getJudgeBatch(r.runId, batch.id))!;
  expect(stopped.status).toBe('running');
  expect(stopped.done).toBeLessThan(2999);
  const second = await startWorker(env);
  workers.push(second);
  expect(second.log()).toMatch(/queued \d+ unfinished judging batch/);
  const done = await waitFor('the batch to finish', async () => {
    const b = await getJudgeBatch(r.runId, batch.id);
    return b?.status === 'done' && b;
  });
  expect(done).toMatchObject({ done: 2999, total: 2999, notJudged: 0 });
  expectLabelled(await judgementRows(r.runId, OFFLINE_JUDGE_KEY), 2999);
  await second.stop();
});

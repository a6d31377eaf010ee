// Two worker processes on one database, the way a team scales out (issue 7, item 2): a queue of
// imports is shared between them with each import stored exactly once, neither releases or runs
// the other's job while it is running, and the job of a worker that died is run by another at once.
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { APPLICATION_NAME } from '../../lib/runtime/workerProcesses';
import { enqueueImport } from '../../lib/db/jobQueue';
import { folderImport, jsonlRun, putFile, uploadTestContext } from '../helpers/uploads';
import { startWorker, waitFor as waitForHelper, type StartedWorker } from '../helpers/workerProcess';

const { dataDir, tag } = uploadTestContext('two-workers');
const workers: StartedWorker[] = [];
const env: Record<string, string> = { EVOSCOPE_DATA_DIR: dataDir };

// Registered after the context's clean-up, so it runs first (vitest runs afterAll hooks as a
// stack): the workers stop before the runs and the data folder go.
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

/** Waits as the shared helper does, with every worker's log in the failure. */
const waitFor = <T,>(what: string, probe: () => Promise<T | null | undefined | false>) => waitForHelper(what, probe, { ms: 60_000, workers });

/** An uploaded folder import, ready to be queued. */
async function newImport(i: number) {
  const importId = await folderImport(`${tag} ${i}`);
  await putFile(importId, 'run/programs.jsonl', jsonlRun(`${tag}-${i}`, 40));
  await pool().query(`UPDATE import_jobs SET status = 'queued' WHERE id = $1`, [importId]);
  return importId;
}

const jobOf = async (importId: string) =>
  (
    await pool().query<{ locked_by: string | null; attempts: number }>(
      'SELECT locked_by, attempts FROM graphile_worker.jobs WHERE key = $1',
      [`import-upload:${JSON.stringify({ importId })}`],
    )
  ).rows[0];
const statusOf = async (importId: string) =>
  (await pool().query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [importId])).rows[0].status;
const storedRuns = async (importId: string) =>
  (await pool().query('SELECT count(*)::int AS n FROM runs WHERE import_job_id = $1', [importId])).rows[0].n as number;
const logLines = (importId: string) =>
  workers.map((w) => w.log()).join('\n').split('\n').filter((l) => l.includes(`import ${importId}: `) && l.includes('stored'));

/** Holds the import's row lock, so its task stops at its first status update: a long-running job. */
async function holdImport(importId: string) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query('BEGIN');
  await c.query('SELECT 1 FROM import_jobs WHERE id = $1 FOR UPDATE', [importId]);
  return async () => {
    await c.query('COMMIT');
    await c.end();
  };
}

it('two worker processes run a queue of imports with each import stored exactly once', { timeout: 180_000 }, async () => {
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push(await newImport(i));
  const [slow, ...rest] = ids;

  // Worker A takes the first import and is still running it ...
  workers.push(await startWorker(env));
  const release = await holdImport(slow);
  await enqueueImport(slow);
  const held = await waitFor('worker A to lock the first import', async () => (await jobOf(slow))?.locked_by);

  // ... when worker B starts, and both work through the rest of the queue.
  workers.push(await startWorker(env));
  for (const id of rest) await enqueueImport(id);
  await waitFor('the rest of the queue', async () => (await Promise.all(rest.map(statusOf))).every((s) => s === 'succeeded'));

  // B neither released A's running job nor ran it.
  expect(await jobOf(slow)).toEqual({ locked_by: held, attempts: 1 });
  await release();
  await waitFor('the first import', async () => (await statusOf(slow)) === 'succeeded');

  // The log line follows the status update: wait for every import's, then count them.
  await waitFor('every import in the logs', async () => ids.every((id) => logLines(id).length > 0));
  for (const id of ids) {
    expect(await storedRuns(id), `runs of import ${id}`).toBe(1);
    expect(logLines(id), `log lines of import ${id}`).toHaveLength(1);
  }
  const byWorker = workers.map((w) => ids.filter((id) => w.log().includes(`import ${id}: 1 run(s) stored`)).length);
  process.stderr.write(`imports run per worker: ${byWorker.join(' + ')}\n`);
});

it('the job of a worker that died is run once by another worker at once, not after hours', { timeout: 180_000 }, async () => {
  const importId = await newImport(100);
  const release = await holdImport(importId);
  await enqueueImport(importId);
  const pool_ = await waitFor('a worker to lock the import', async () => (await jobOf(importId))?.locked_by);
  const owner = await waitFor('the owner of the pool', async () =>
    (await pool().query<{ id: string; pid: number }>('SELECT id, pid FROM worker_processes WHERE $1 = ANY(pool_ids)', [pool_])).rows[0],
  );
  const victim = workers.find((w) => w.child.pid === owner.pid)!;
  expect(victim, 'the locking pool belongs to one of our workers').toBeDefined();
  victim.child.kill('SIGKILL');
  await victim.stop();

  // A worker starting now finds the dead one (its advisory lock is gone) and releases its job
  // (or the survivor's once-a-minute check got there first: either way, before hours).
  workers.push(await startWorker(env));
  expect(workers.map((w) => w.log()).join('\n')).toContain(`released the jobs of dead worker ${owner.id}`);
  await release();
  await waitFor('the import after the crash', async () => (await statusOf(importId)) === 'succeeded');
  expect(await storedRuns(importId)).toBe(1);
  const job = await waitFor('the job to be completed', async () => !(await jobOf(importId)) && 'gone');
  expect(job).toBe('gone');
});

it('a worker that lost its liveness connection registers again and keeps working', { timeout: 120_000 }, async () => {
  const live = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  const before = (await pool().query<{ id: string; pool_ids: string[] }>('SELECT id, pool_ids FROM worker_processes ORDER BY id')).rows;
  expect(before.length).toBeGreaterThanOrEqual(live.length);
  await pool().query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [APPLICATION_NAME]);
  await waitFor('the workers to register again', async () => live.every((w) => /registered again/.test(w.log())));
  const after = (await pool().query<{ id: string; pool_ids: string[] }>('SELECT id, pool_ids FROM worker_processes ORDER BY id')).rows;
  expect(after).toEqual(before);
  const importId = await newImport(200);
  await enqueueImport(importId);
  await waitFor('an import after the reconnection', async () => (await statusOf(importId)) === 'succeeded');
  expect(await storedRuns(importId)).toBe(1);
});

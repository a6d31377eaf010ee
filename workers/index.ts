// The worker process: graphile-worker on Evoscope's PostgreSQL, one task per file in
// workers/tasks/ (the file name is the task name). Started by `npm start` beside the web app.
import { run, runMigrations, type Task, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { disconnect } from '../lib/db/client';
import { databaseUrl } from '../lib/env';
import { PermanentJobError, type JobName } from '../lib/jobs/definitions';
import importUpload from './tasks/import-upload';
import runAnalyses from './tasks/run-analyses';
import runSummary from './tasks/run-summary';

const tasks: Record<JobName, Task> = {
  'run-summary': runSummary,
  'import-upload': importUpload,
  'run-analyses': runAnalyses,
};

/**
 * Permanent failures (bad input) must not be retried: the job's attempt budget is used up
 * before the error is rethrown, so graphile-worker records the failure and stops. Anything
 * else is transient and retried with graphile-worker's backoff.
 */
function withFailureSorting(name: string, task: Task): Task {
  return async (payload, helpers) => {
    try {
      await task(payload, helpers);
    } catch (e) {
      if (e instanceof PermanentJobError) {
        helpers.logger.error(`${name} failed permanently: ${e.message}`);
        await helpers.withPgClient((c) =>
          c.query('UPDATE graphile_worker._private_jobs SET max_attempts = attempts WHERE id = $1', [helpers.job.id]),
        );
      }
      throw e;
    }
  };
}

const taskList: TaskList = Object.fromEntries(Object.entries(tasks).map(([n, t]) => [n, withFailureSorting(n, t)]));

const connectionString = databaseUrl();
await runMigrations({ connectionString });

// A worker that crashed leaves its jobs locked for hours (graphile-worker's safety default).
// Evoscope runs one worker per database, so before this one starts, any lock belongs to a dead one.
{
  const c = new pg.Client({ connectionString });
  await c.connect();
  const { rows } = await c.query<{ locked_by: string }>(
    'SELECT DISTINCT locked_by FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL',
  );
  if (rows.length) {
    await c.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [rows.map((r) => r.locked_by)]);
    process.stderr.write(`[worker] released jobs locked by ${rows.length} stale worker(s)\n`);
  }
  await c.end();
}

const runner = await run({ connectionString, crontab: '', concurrency: 2, noHandleSignals: false, pollInterval: 2000, taskList });
process.stderr.write('[worker] ready\n');
await runner.promise;
await disconnect();

// The worker process: graphile-worker on Evoscope's PostgreSQL, one task per file in
// workers/tasks/ (the file name is the task name). Started by `npm start` beside the web app.
// Several worker processes may share one database (a team scaling out): each registers itself
// as alive (lib/runtime/workerProcesses.ts), and only the jobs of processes that died are released,
// at start-up and every minute. Work folders of dead processes and stale uploads are swept, stale analyses and unfinished
// re-evaluation batches re-queued at start-up.
import { EventEmitter } from 'node:events';
import { makeWorkerUtils, run, runMigrations, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import { disconnect } from '../lib/db/client';
import { WorkerProcess } from '../lib/runtime/workerProcesses';
import { databaseUrl } from '../lib/contracts/env';
import { PermanentJobError, type JobName } from '../lib/contracts/jobs';
import { releaseJobClient } from '../lib/db/jobQueue';
import { queueStaleAnalyses } from '../lib/services/jobs/staleAnalyses';
import { queueMissingOfflineJudging, queueUnfinishedJudgeBatches } from '../lib/services/jobs/judging';
import { queueUnfinishedBatches, queueUnfinishedExperiments } from '../lib/services/jobs/unfinishedBatches';
import { removeStaleUploads } from '../lib/services/uploads/staleUploads';
import { removeOrphanWorkDirs } from '../lib/storage/workDir';
import cleanUploads from './tasks/clean-uploads';
import importUpload from './tasks/import-upload';
import evaluateBatch from './tasks/evaluate-batch';
import judgeRun from './tasks/judge-run';
import runExperiment from './tasks/run-experiment';
import runAnalyses from './tasks/run-analyses';
import runSummary from './tasks/run-summary';

const tasks: Record<JobName, Task> = {
  'run-summary': runSummary,
  'import-upload': importUpload,
  'run-analyses': runAnalyses,
  'clean-uploads': cleanUploads,
  'evaluate-batch': evaluateBatch,
  'judge-run': judgeRun,
  'run-experiment': runExperiment,
};

const REAP_EVERY_MS = 60_000;
const log = (line: string) => process.stderr.write(`[worker] ${line}\n`);

/**
 * Permanent failures (bad input) must not be retried: retrying cannot fix them. The task's own
 * record of the failure (the log, the import_jobs row) is what the user sees, and the job ends
 * here instead of going back to the queue.
 */
function withFailureSorting(name: string, task: Task): Task {
  return async (payload, helpers) => {
    try {
      await task(payload, helpers);
    } catch (e) {
      if (!(e instanceof PermanentJobError)) throw e;
      helpers.logger.error(`${name} failed permanently (not retried): ${e.message}`);
    }
  };
}

const taskList: TaskList = Object.fromEntries(Object.entries(tasks).map(([n, t]) => [n, withFailureSorting(n, t)]));

const connectionString = databaseUrl();
await runMigrations({ connectionString });
const utils = await makeWorkerUtils({ connectionString });
const me = await WorkerProcess.register(connectionString, log);

async function reap() {
  const dead = await me.reapDead((poolIds) => utils.forceUnlockWorkers(poolIds));
  for (const d of dead) log(`released the jobs of dead worker ${d.id} (pools ${d.poolIds.join(', ') || 'none'})`);
}
await reap();
// A worker killed mid-import leaves its unpack folder; the one that takes over removes it.
const orphans = await removeOrphanWorkDirs();
if (orphans.length) log(`removed ${orphans.length} work folder(s) left by dead processes`);
const swept = await removeStaleUploads();
if (swept.length) log(`removed ${swept.length} stale upload(s)`);
const stale = await queueStaleAnalyses();
if (stale) log(`queued a recompute of the analyses of ${stale} run(s) computed by an older version`);
// Re-evaluation batches a stopped worker (or a killed CLI) left unfinished resume where they stopped.
const batches = await queueUnfinishedBatches();
if (batches) log(`queued ${batches} unfinished re-evaluation batch(es) to resume`);
// Experiments (replay, tune, ablate) likewise: none repeats a finished evaluation.
const experiments = await queueUnfinishedExperiments();
if (experiments) log(`queued ${experiments} unfinished experiment(s) to resume`);
// Judging batches likewise; then every run still without offline labels gets them.
const judging = await queueUnfinishedJudgeBatches();
if (judging) log(`queued ${judging} unfinished judging batch(es) to resume`);
const unlabelled = await queueMissingOfflineJudging();
if (unlabelled) log(`queued offline judging of ${unlabelled} run(s) without offline labels`);

const events: WorkerEvents = new EventEmitter();
// The pool's id is what graphile-worker locks jobs with. The UPDATE is sent at once, as the pool
// is created, so it lands within milliseconds of the pool's first fetch (on another connection);
// a crash inside that window leaves a job to graphile-worker's own 4-hour rule.
events.on('pool:create', ({ workerPool }) => {
  me.addPool(workerPool.id).catch((e) => log(`could not record pool ${workerPool.id}: ${(e as Error).message}`));
});

const runner = await run({
  connectionString,
  // Hourly: uploads never started (or left behind by a crash) are removed after a day.
  crontab: '17 * * * * clean-uploads',
  concurrency: 2,
  noHandleSignals: false,
  pollInterval: 2000,
  taskList,
  events,
});
const reaper = setInterval(() => reap().catch((e) => log(`reaping failed: ${(e as Error).message}`)), REAP_EVERY_MS);
log(`ready (${me.id})`);
try {
  await runner.promise;
} finally {
  clearInterval(reaper);
  await me.close();
  await utils.release();
  await releaseJobClient();
  await disconnect();
}

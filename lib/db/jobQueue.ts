// Enqueues jobs for the worker (graphile-worker on the same PostgreSQL). Jobs are keyed by
// what they work on, so enqueueing twice replaces the pending job instead of doubling work.
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { databaseUrl } from '../contracts/env';
import { jobKeyOf, jobPayloads, type JobName, type JobPayload } from '../contracts/jobs';

let utils: Promise<WorkerUtils> | null = null;

function workerUtils(): Promise<WorkerUtils> {
  if (!utils) {
    utils = (async () => {
      const u = await makeWorkerUtils({ connectionString: databaseUrl() });
      await u.migrate(); // the worker may never have run on this database yet
      return u;
    })();
  }
  return utils;
}

export async function enqueue<N extends JobName>(
  name: N,
  payload: JobPayload<N>,
  opts: { jobKey?: string; maxAttempts?: number; delayMs?: number } = {},
) {
  const parsed = jobPayloads[name].parse(payload) as JobPayload<N>;
  const u = await workerUtils();
  await u.addJob(name as string, parsed as never, {
    jobKey: opts.jobKey ?? jobKeyOf(name, parsed),
    maxAttempts: opts.maxAttempts ?? 5,
    ...(opts.delayMs ? { runAt: new Date(Date.now() + opts.delayMs) } : {}),
  });
}

export async function enqueueImport(importId: string) {
  // Input problems end the job at once (the task fails it itself); attempts are spent only by
  // crashes of the worker or the database mid-import, and the task is safe to re-run (runs keyed
  // by the import), so a few crashes in a row must not fail a good upload.
  await enqueue('import-upload', { importId }, { maxAttempts: 6 });
}

/**
 * Everything that must be (re)computed after a run's programs changed. The heavy analyses of a
 * live run are debounced: each batch pushes the pending job back, so a streaming search costs
 * one analysis per quiet moment rather than one per batch.
 */
export async function enqueueRunAnalyses(runId: string, opts: { debounceMs?: number } = {}) {
  await enqueue('run-summary', { runId });
  await enqueue('run-analyses', { runId }, { delayMs: opts.debounceMs });
}

/**
 * A re-evaluation batch. Attempts are spent by crashes (a killed worker, the database going
 * away): the batch resumes from its stored pairs each time, so a few in a row must not lose it.
 */
export async function enqueueEvaluationBatch(batchId: string) {
  await enqueue('evaluate-batch', { batchId }, { maxAttempts: 10 });
}

/**
 * A judging batch (judge_batches). Like a re-evaluation batch, it resumes from its stored
 * judgements after a crash, so a few crashes in a row must not lose it.
 */
export async function enqueueJudgeBatch(batchId: string) {
  await enqueue('judge-run', { batchId }, { maxAttempts: 10 });
}

/** An experiment (replay, tune, ablate): resumes from its stored calls after a crash. */
export async function enqueueExperiment(experimentId: string) {
  await enqueue('run-experiment', { experimentId }, { maxAttempts: 10 });
}

export async function releaseJobClient() {
  if (utils) {
    const u = await utils;
    utils = null;
    await u.release();
  }
}

// Enqueues jobs for the worker (graphile-worker on the same PostgreSQL). Jobs are keyed by
// what they work on, so enqueueing twice replaces the pending job instead of doubling work.
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { databaseUrl } from '../env';
import { jobPayloads, type JobName, type JobPayload } from './definitions';

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
  opts: { jobKey?: string; maxAttempts?: number } = {},
) {
  const parsed: unknown = jobPayloads[name].parse(payload);
  const u = await workerUtils();
  await u.addJob(name as string, parsed as never, {
    jobKey: opts.jobKey ?? `${name}:${JSON.stringify(parsed)}`,
    maxAttempts: opts.maxAttempts ?? 5,
  });
}

export async function enqueueImport(importId: string) {
  await enqueue('import-upload', { importId }, { maxAttempts: 3 });
}

/** Everything that must be (re)computed after a run's programs changed. */
export async function enqueueRunAnalyses(runId: string) {
  await enqueue('run-summary', { runId });
}

export async function releaseJobClient() {
  if (utils) {
    const u = await utils;
    utils = null;
    await u.release();
  }
}

// Task `run-experiment`: runs an intervention (replay, tune, ablate) in the sandbox, storing each
// finished call (lib/services/experiments/runExperiment.ts). Safe to run twice and after a crash: stored calls are
// not repeated, and an experiment another process is running is left to it. A cancel is noticed
// within half a second.
import type { Task } from 'graphile-worker';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { jobPayloads } from '../../lib/contracts/jobs';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { experimentId } = parsePayload(jobPayloads['run-experiment'], raw);
  const result = await runExperiment(experimentId, {
    // graphile-worker aborts this when the worker shuts down: the running sandboxes are stopped.
    signal: helpers.abortSignal,
    log: (l) => helpers.logger.info(`experiment ${experimentId}: ${l}`),
  });
  if (!result) return helpers.logger.info(`experiment ${experimentId} no longer exists (its run was deleted)`);
  // Interrupted by a shutdown: failing the attempt puts the job back in the queue, for another
  // worker now or this one's successor (which also re-queues unfinished experiments at start-up).
  if (result.interrupted) throw new Error(`experiment ${experimentId} interrupted by a shutdown; it resumes`);
  if (result.skipped) helpers.logger.info(`experiment ${experimentId}: ${result.skipped}`);
  else helpers.logger.info(`experiment ${experimentId} (${result.kind}): ${result.status} (${result.done}/${result.total}, ${result.failed} not ok)${result.error ? `: ${result.error}` : ''}`);
};

export default task;

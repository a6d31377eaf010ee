// Task `evaluate-batch`: re-runs a batch's programs against the run's evaluator in sandboxes,
// `concurrency` at once, storing each result (lib/services/evaluation/runEvaluationBatch.ts). Safe to run twice
// and after a crash: pairs already stored are skipped, and a batch another process is running
// is left to it. A cancel (POST .../cancel) is noticed within half a second.
import type { Task } from 'graphile-worker';
import { runEvaluationBatch } from '../../lib/services/evaluation/runEvaluationBatch';
import { sandboxBatchDeps } from '../../lib/services/evaluation/batchDeps';
import { jobPayloads } from '../../lib/contracts/jobs';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { batchId } = parsePayload(jobPayloads['evaluate-batch'], raw);
  let last = 0;
  const result = await runEvaluationBatch(batchId, sandboxBatchDeps, {
    // graphile-worker aborts this when the worker shuts down: the running sandboxes are stopped.
    signal: helpers.abortSignal,
    log: (l) => helpers.logger.info(l),
    onProgress: (p) => {
      if (Date.now() - last < 5000 && p.done < p.total) return;
      last = Date.now();
      helpers.logger.info(`batch ${batchId}: ${p.done}/${p.total} evaluated (${p.failed} not ok)`);
    },
  });
  if (!result) return helpers.logger.info(`batch ${batchId} no longer exists (its run was deleted)`);
  // Interrupted by a shutdown: failing the attempt puts the job back in the queue, for another
  // worker now or this one's successor (which also re-queues unfinished batches at start-up).
  if (!result.skipped && result.status === 'running') throw new Error(`batch ${batchId} interrupted by a shutdown; it resumes`);
  if (result.skipped) helpers.logger.info(`batch ${batchId}: ${result.skipped}`);
  else helpers.logger.info(`batch ${batchId}: ${result.status} (${result.done}/${result.total}, ${result.failed} not ok)`);
};

export default task;

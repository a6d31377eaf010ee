// Task `judge-run`: labels a run's edits with one judge (a judge_batches row; lib/services/judging/runJudgeBatch.ts):
// the offline judge in-process, or the configured LLM `concurrency` requests at once. Safe to run
// twice and after a crash: edits already judged are skipped, and a batch another process is
// running is left to it. A cancel (POST .../cancel) is noticed within a second.
import type { Task } from 'graphile-worker';
import { realJudgeDeps } from '../../lib/services/judging/judgeDeps';
import { runJudgeBatch } from '../../lib/services/judging/runJudgeBatch';
import { jobPayloads } from '../../lib/contracts/jobs';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { batchId } = parsePayload(jobPayloads['judge-run'], raw);
  let last = 0;
  const result = await runJudgeBatch(batchId, realJudgeDeps, {
    // graphile-worker aborts this when the worker shuts down: the requests in flight are dropped.
    signal: helpers.abortSignal,
    log: (l) => helpers.logger.info(l),
    onProgress: (b) => {
      if (Date.now() - last < 5000 && b.done < b.total) return;
      last = Date.now();
      helpers.logger.info(`judging batch ${batchId}: ${b.done}/${b.total} edits (${b.cached} cached, ${b.notJudged} not judged)`);
    },
  });
  if (!result) return helpers.logger.info(`judging batch ${batchId} no longer exists (its run was deleted)`);
  // Interrupted by a shutdown: failing the attempt puts the job back in the queue, for another
  // worker now or this one's successor (which also re-queues unfinished batches at start-up).
  if (!result.skipped && result.status === 'running') throw new Error(`judging batch ${batchId} interrupted by a shutdown; it resumes`);
  if (result.skipped) helpers.logger.info(`judging batch ${batchId}: ${result.skipped}`);
  else helpers.logger.info(`judging batch ${batchId}: ${result.status} (${result.done}/${result.total}, ${result.notJudged} not judged)`);
};

export default task;

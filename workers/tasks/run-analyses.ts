// Task `run-analyses`: cycling (both definition sets, both scopes), edit composition, lineage
// and program complexity of a run, stored for the pages. Runs after every import and, debounced,
// while a live run streams in. Safe to run twice: every report is upserted. Then queues the
// offline judging of the run's edits not labelled yet (task judge-run). Its progress is stored
// while it runs (lib/db/analysesProgress.ts) for the run's pages, and removed when it ends.
import type { Task } from 'graphile-worker';
import { ProgressRecorder } from '../../lib/db/analysesProgress';
import { computeRunAnalyses } from '../../lib/services/analyses/runAnalyses';
import { jobPayloads } from '../../lib/contracts/jobs';
import { queueOfflineJudging } from '../../lib/services/jobs/judging';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { runId } = parsePayload(jobPayloads['run-analyses'], raw);
  const started = Date.now();
  const progress = new ProgressRecorder(runId, { onError: (e) => helpers.logger.debug(`run ${runId}: progress not recorded: ${e.message}`) });
  try {
    const done = await computeRunAnalyses(runId, { progress, signal: helpers.abortSignal, onStep: (step) => helpers.logger.debug(`run ${runId}: ${step}`) });
    if (!done) helpers.logger.info(`run ${runId} no longer exists; nothing to analyse`);
    else {
      const c = done.complexity;
      helpers.logger.info(
        `run ${runId}: analyses stored in ${Date.now() - started} ms (complexity: ${c.computed} measured, ${c.cached} cached; ms per step ${JSON.stringify(done.ms)})`,
      );
      // Every run gets offline edit labels without anyone asking (its own job: seconds for 10k edits).
      const batch = await queueOfflineJudging(runId);
      if (batch) helpers.logger.info(`run ${runId}: offline judging queued (batch ${batch})`);
    }
  } catch (e) {
    // The run was deleted while we computed: its reports have nowhere to go.
    if ((e as { code?: string }).code === '23503') return helpers.logger.info(`run ${runId} was deleted meanwhile`);
    throw e;
  } finally {
    await progress.close();
  }
};

export default task;

// Re-evaluation batches left queued or running by a stopped worker (or a killed CLI) are queued
// again when a worker starts: they resume from the pairs already stored. A batch that is in fact
// still running elsewhere is safe to queue: its runner holds the batch's lock, and the queued
// job then ends at once (lib/services/evaluation/runEvaluationBatch.ts).
import { unfinishedBatchIds } from '../../db/evaluationBatches';
import { unfinishedExperimentIds } from '../../db/experiments';
import { enqueueEvaluationBatch, enqueueExperiment } from '../../db/jobQueue';

export async function queueUnfinishedBatches(): Promise<number> {
  const ids = await unfinishedBatchIds();
  for (const id of ids) await enqueueEvaluationBatch(id);
  return ids.length;
}

/** Experiments (replay, tune, ablate) left queued or running: they resume from their stored calls. */
export async function queueUnfinishedExperiments(): Promise<number> {
  const ids = await unfinishedExperimentIds();
  for (const id of ids) await enqueueExperiment(id);
  return ids.length;
}

// Judging jobs the worker starts by itself: the offline judge labels every run without anyone
// asking (after each computation of the run's analyses, which follows every import and, debounced,
// a live run's batches), and at start-up the batches a stopped worker left unfinished resume and
// runs stored before the offline judge (or its last version) existed are queued.
import { offlineBatchIfNeeded, runsMissingOfflineLabels, unfinishedJudgeBatchIds } from '../../db/judgeBatches';
import { enqueueJudgeBatch } from '../../db/jobQueue';

/** Queues an offline judging batch of the run when some edit has no offline label; its id, or null. */
export async function queueOfflineJudging(runId: string): Promise<string | null> {
  const batch = await offlineBatchIfNeeded(runId);
  if (batch) await enqueueJudgeBatch(batch.id);
  return batch?.id ?? null;
}

/**
 * Batches left queued or running are queued again; they resume from the judgements stored. One
 * still running in another worker is safe to queue: its runner holds the batch's lock.
 */
export async function queueUnfinishedJudgeBatches(): Promise<number> {
  const ids = await unfinishedJudgeBatchIds();
  for (const id of ids) await enqueueJudgeBatch(id);
  return ids.length;
}

/** Offline batches for the runs whose edits lack offline labels (none queued or running). */
export async function queueMissingOfflineJudging(): Promise<number> {
  let queued = 0;
  for (const runId of await runsMissingOfflineLabels()) if (await queueOfflineJudging(runId)) queued++;
  return queued;
}

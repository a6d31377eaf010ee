// After an upgrade that changed an analysis (REPORT_VERSION bumped), the reports stored by the
// older code must not be served as current: they read as "not computed yet" (lib/db/analyses.ts)
// and this queues their recompute. Called by the worker at start-up.
import { staleAnalysisRunIds } from '../../db/analyses';
import { dropGraphCache } from '../../db/graph';
import { enqueueRunAnalyses } from '../../db/jobQueue';

/** Queues every run whose stored reports are of another version; returns how many. */
export async function queueStaleAnalyses(): Promise<number> {
  const runIds = await staleAnalysisRunIds();
  if (!runIds.length) return 0;
  // The cached lineage graph embeds the lineage report: it is stale with it.
  await dropGraphCache(runIds);
  // Keyed jobs: a run already queued is not queued twice.
  for (const runId of runIds) await enqueueRunAnalyses(runId);
  return runIds.length;
}

// A run's summary (worker task `run-summary`, after an import or when asked): the best-so-far
// series of every numeric metric and the run's total cost and tokens. Safe to run twice: results
// are upserted.
import { computeBestSoFarForRun } from '../../db/analyses';
import { prisma } from '../../db/client';
import { refreshRunCost } from '../../db/runCost';

/** Metrics summarised; null when the run no longer exists. */
export async function summariseRun(runId: string): Promise<number | null> {
  const exists = await prisma().run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!exists) return null;
  await refreshRunCost(runId);
  return computeBestSoFarForRun(runId);
}

// Task `run-summary`: after an import (or when asked), computes the run's best-so-far series
// for every numeric metric and stores them, and refreshes its total cost and tokens. Safe to run twice: results are upserted.
import type { Task } from 'graphile-worker';
import { computeBestSoFarForRun } from '../../lib/db/analyses';
import { prisma } from '../../lib/db/client';
import { refreshRunCost } from '../../lib/db/runCost';
import { jobPayloads } from '../../lib/contracts/jobs';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { runId } = parsePayload(jobPayloads['run-summary'], raw);
  const exists = await prisma().run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!exists) {
    helpers.logger.info(`run ${runId} no longer exists; nothing to summarise`);
    return;
  }
  await refreshRunCost(runId);
  const n = await computeBestSoFarForRun(runId);
  helpers.logger.info(`run ${runId}: best-so-far stored for ${n} metrics`);
};

export default task;

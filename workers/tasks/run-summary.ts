// Task `run-summary`: a run's best-so-far series and cost totals (lib/services/analyses/runSummary.ts).
import type { Task } from 'graphile-worker';
import { jobPayloads } from '../../lib/contracts/jobs';
import { summariseRun } from '../../lib/services/analyses/runSummary';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { runId } = parsePayload(jobPayloads['run-summary'], raw);
  const n = await summariseRun(runId);
  if (n === null) helpers.logger.info(`run ${runId} no longer exists; nothing to summarise`);
  else helpers.logger.info(`run ${runId}: best-so-far stored for ${n} metrics`);
};

export default task;

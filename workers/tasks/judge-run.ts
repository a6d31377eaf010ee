// Task `judge-run`: labels a run's edits with one judge (judge_batches row). Implemented by the
// judging-batches work of issue 9; until then it fails permanently with a clear message.
import type { Task } from 'graphile-worker';
import { jobPayloads, PermanentJobError } from '../../lib/jobs/definitions';
import { parsePayload } from '../payload';

const task: Task = async (raw) => {
  const { batchId } = parsePayload(jobPayloads['judge-run'], raw);
  throw new PermanentJobError(`judging batch ${batchId}: judging is not built yet`);
};

export default task;

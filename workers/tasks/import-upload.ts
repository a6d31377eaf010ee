// Task `import-upload`: imports what a browser uploaded (lib/services/import/importUpload.ts).
// Bad input fails the job once with the reason the user sees; anything else is retried.
import type { Task } from 'graphile-worker';
import { jobPayloads } from '../../lib/contracts/jobs';
import { importUpload } from '../../lib/services/import/importUpload';
import { parsePayload } from '../payload';

const task: Task = async (raw, helpers) => {
  const { importId } = parsePayload(jobPayloads['import-upload'], raw);
  await importUpload(importId, { logger: helpers.logger, lastAttempt: helpers.job.attempts >= helpers.job.max_attempts });
};

export default task;

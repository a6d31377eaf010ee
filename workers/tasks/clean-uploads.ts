// Task `clean-uploads` (hourly, from the worker's crontab): removes uploads abandoned for a day
// (lib/services/uploads/staleUploads.ts). Safe to run twice: what is gone stays gone.
import type { Task } from 'graphile-worker';
import { removeStaleUploads } from '../../lib/services/uploads/staleUploads';

const task: Task = async (_payload, helpers) => {
  const removed = await removeStaleUploads();
  if (removed.length) helpers.logger.info(`removed ${removed.length} stale upload(s)`);
};

export default task;

// Route parameters and shared field schemas. Ids in URLs are the database UUIDs.
import { z } from 'zod';

/** A UUID as PostgreSQL accepts it (any version; z.guid() does not insist on RFC variant bits). */
export const uuidSchema = (what: string) => z.guid({ error: `${what} must be a UUID (e.g. 3f2b8c1e-...)` });

export const runParamsSchema = z.object({ runId: uuidSchema('run id') });
export const programParamsSchema = z.object({
  runId: uuidSchema('run id'),
  programId: uuidSchema('program id'),
});

/** A metric name as stored in programs.metrics (a jsonb key). */
export const metricNameSchema = z
  .string()
  .trim()
  .min(1, 'metric must not be empty')
  .max(200, 'metric name is too long');

/** A page size: default 100, at most 500. */
export const limitSchema = (fallback = 100) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(fallback);

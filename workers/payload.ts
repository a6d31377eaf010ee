import type { z } from 'zod';
import { PermanentJobError } from '../lib/contracts/jobs';

/** Parses a job payload; a malformed one is a permanent failure (retrying cannot fix it). */
export function parsePayload<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new PermanentJobError(`invalid job payload: ${r.error.message}`);
  return r.data;
}

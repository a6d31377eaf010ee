// Schemas and auth of the live-ingestion API (/api/ingest/...).
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { isAuthorised } from '../db/settings';
import { ApiError } from './handler';

/** Throws 401 unless the request carries the ingestion bearer token. */
export async function requireIngestToken(req: NextRequest) {
  if (!(await isAuthorised(req.headers.get('authorization')))) {
    throw new ApiError(401, 'missing or wrong bearer token: send "Authorization: Bearer <token>" (see /settings)');
  }
}

export const createLiveRunSchema = z.object({
  name: z.string().trim().min(1).max(200),
  framework: z.string().trim().min(1).max(100).default('custom'),
  task: z.string().max(200).nullish(),
  language: z.string().max(50).nullish(),
  scoreMetric: z.string().max(200).nullish(),
  higherIsBetter: z.boolean().default(true),
  config: z.unknown().optional(),
  modelConfig: z.unknown().optional(),
});

/** Most programs accepted in one request; bigger batches should be split by the client. */
export const MAX_BATCH = 1000;

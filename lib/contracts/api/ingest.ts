// Schemas of the live-ingestion API (/api/ingest/...). Its routes declare permission 'ingest',
// which only a bearer token grants (lib/http/auth/actor.ts).
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { storableJson } from '../../trace/pgSafe';
import { ApiError } from '../apiError';

export const createLiveRunSchema = z.object({
  name: z.string().trim().min(1).max(200),
  framework: z.string().trim().min(1).max(100).default('custom'),
  task: z.string().max(200).nullish(),
  language: z.string().max(50).nullish(),
  scoreMetric: z.string().max(200).nullish(),
  higherIsBetter: z.boolean().default(true),
  config: storableJson('config', z.unknown()).optional(),
  modelConfig: storableJson('modelConfig', z.unknown()).optional(),
});

/** Most programs accepted in one request; bigger batches should be split by the client. */
export const MAX_BATCH = 1000;

/** Largest body of a create-run request: its config and model settings (a few MB at most). */
export const MAX_RUN_BYTES = 16 * 1024 ** 2;

/** Largest body of one batch request (413 past it): 1,000 programs of about 64 KB each. */
export const MAX_BATCH_BYTES = 64 * 1024 ** 2;

/** The body of a batch of JSONL-format records for a live run (search state, diagnoses). */
export const recordBatchSchema = z.object({
  records: z.array(z.record(z.string(), z.unknown())).min(1, 'records must not be empty').max(MAX_BATCH, `at most ${MAX_BATCH} records per request`),
});

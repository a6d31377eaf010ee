// The evaluators API's shapes (app/api/runs/[runId]/evaluators): a new version uploaded from the
// run's page as JSON, files base64-encoded (an evaluator is at most 20 MB, its private set as
// much again), and the listing the page draws. Shared by the route and the panel (the browser:
// zod only here; turning an upload into stored files is evaluatorUpload.ts, server side).
import { z } from 'zod';

/** Two sets of at most 20 MB each, base64 (4/3) with the JSON around them. */
export const EVALUATOR_BODY_BYTES = 56 * 1024 ** 2;

const fileSchema = z.object({
  path: z.string().min(1).max(1000),
  /** base64 */
  content: z.string().max(28 * 1024 ** 2),
});

export const evaluatorUploadSchema = z.object({
  files: z.array(fileSchema).min(1, 'choose an evaluator folder').max(500, 'at most 500 files'),
  privateFiles: z.array(fileSchema).max(500, 'at most 500 private files').optional(),
  contract: z.enum(['openevolve', 'shinka', 'command']).optional(),
  command: z.string().trim().max(2000).optional(),
  programFile: z.string().trim().max(100).optional(),
  timeoutSeconds: z.number().positive('timeout must be positive').max(86400).optional(),
  memoryMb: z.number().int().min(64).max(65536).optional(),
});
export type EvaluatorUpload = z.infer<typeof evaluatorUploadSchema>;

const fileInfo = z.object({ path: z.string(), bytes: z.number(), binary: z.boolean() });
export const evaluatorSummarySchema = z.object({
  id: z.string(),
  version: z.number(),
  contract: z.enum(['openevolve', 'shinka', 'command']),
  entry: z.string().nullable(),
  command: z.string().nullable(),
  programFile: z.string(),
  files: z.array(fileInfo),
  privateFiles: z.array(fileInfo).nullable(),
  timeoutSeconds: z.number(),
  memoryMb: z.number(),
  origin: z.string(),
  notes: z.string().nullable(),
  cascade: z.object({ enabled: z.boolean(), thresholds: z.array(z.number()) }).nullable(),
  createdAt: z.string(),
});
export const evaluatorListSchema = z.object({ evaluators: z.array(evaluatorSummarySchema) });
export type EvaluatorSummaryJson = z.infer<typeof evaluatorSummarySchema>;

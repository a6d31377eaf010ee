// Re-evaluation (issue 8, item 4): request and response shapes of the evaluation routes, shared
// by the routes, the CLI and the client components (which parse responses with them).
import { z } from 'zod';
import { uuidSchema } from './params';

export const testSetSchema = z.enum(['public', 'private']);
const testSetsSchema = z
  .array(testSetSchema)
  .min(1, 'testSets must name at least one test set')
  .refine((s) => s.includes('public'), 'testSets must include public (private is an addition to it)')
  .transform((s) => (s.includes('private') ? (['public', 'private'] as const) : (['public'] as const)).slice());

const concurrencySchema = z.number().int('concurrency must be an integer').min(1, 'concurrency must be at least 1').max(64, 'concurrency must be at most 64');

/** POST /api/runs/[runId]/evaluations: one program, the best-so-far chain, or a list. */
export const startEvaluationSchema = z.union([
  z.object({ programId: uuidSchema('programId'), testSets: testSetsSchema.optional(), concurrency: concurrencySchema.optional() }).strict(),
  z.object({ scope: z.literal('best-chain'), testSets: testSetsSchema.optional(), concurrency: concurrencySchema.optional() }).strict(),
  z
    .object({
      scope: z.literal('programs'),
      programIds: z.array(uuidSchema('programIds[]')).min(1, 'programIds must not be empty').max(5000, 'at most 5000 programs per batch'),
      testSets: testSetsSchema.optional(),
      concurrency: concurrencySchema.optional(),
    })
    .strict(),
]);
export type StartEvaluationInput = z.infer<typeof startEvaluationSchema>;

export const batchStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

export const batchProgressSchema = z.object({
  id: z.string(),
  runId: z.string(),
  scope: z.string(),
  status: batchStatusSchema,
  testSets: z.array(testSetSchema),
  concurrency: z.number(),
  /** Pairs (program, test set) in the batch, finished (any outcome), and finished not ok. */
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  evaluatorId: z.string().nullable(),
  evaluatorVersion: z.number().nullable(),
  programIds: z.array(z.string()),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BatchProgress = z.infer<typeof batchProgressSchema>;

export const rerunResultSchema = z.object({
  score: z.number().nullable(),
  status: z.string(),
  sandboxStatus: z.string().nullable(),
});

/** One program of a batch: its recorded score beside what each test set gave on re-running. */
export const batchStepSchema = z.object({
  programId: z.string(),
  externalId: z.string(),
  iteration: z.number().nullable(),
  recordedScore: z.number().nullable(),
  public: rerunResultSchema.nullable(),
  private: rerunResultSchema.nullable(),
});
export type BatchStep = z.infer<typeof batchStepSchema>;

export const batchDetailSchema = batchProgressSchema.extend({
  higherIsBetter: z.boolean(),
  steps: z.array(batchStepSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** An evaluation of a program, recorded with the trace or re-run by Evoscope. */
export const programEvaluationSchema = z.object({
  id: z.string(),
  kind: z.enum(['recorded', 'rerun']),
  status: z.string(),
  score: z.number().nullable(),
  metrics: z.record(z.string(), z.unknown()),
  testSet: testSetSchema.nullable(),
  sandboxStatus: z.string().nullable(),
  output: z.string().nullable(),
  errors: z.string().nullable(),
  wallMs: z.number().nullable(),
  cpuMs: z.number().nullable(),
  peakMemoryKb: z.number().nullable(),
  evaluatorVersion: z.number().nullable(),
  batchId: z.string().nullable(),
  createdAt: z.string(),
});
export type ProgramEvaluation = z.infer<typeof programEvaluationSchema>;

export const programEvaluationsSchema = z.object({
  programId: z.string(),
  scoreMetric: z.string().nullable(),
  higherIsBetter: z.boolean(),
  /** What the trace recorded for the program (its score and metrics as imported). */
  recorded: z.object({ score: z.number().nullable(), metrics: z.record(z.string(), z.unknown()) }),
  recordedEvaluations: z.array(programEvaluationSchema),
  /** Newest first. */
  reruns: z.array(programEvaluationSchema),
});
export type ProgramEvaluations = z.infer<typeof programEvaluationsSchema>;

export const batchParamsSchema = z.object({ runId: uuidSchema('run id'), batchId: uuidSchema('batch id') });

/** PUT /api/settings/evaluation: sandboxes a batch runs at once; null = the machine's cores. */
/**
 * PUT /api/settings/evaluation: the default concurrency (null: the machine's cores) and the
 * owner's maxima of what a request may ask (left out: kept; null: the default maximum).
 */
export const evaluationSettingsInputSchema = z
  .object({
    concurrency: concurrencySchema.nullable(),
    maxTimeoutSeconds: z.number().int('maxTimeoutSeconds must be an integer').min(1, 'maxTimeoutSeconds must be at least 1').max(86400, 'maxTimeoutSeconds must be at most 86400').nullable().optional(),
    maxMemoryMb: z.number().int('maxMemoryMb must be an integer').min(64, 'maxMemoryMb must be at least 64').max(65536, 'maxMemoryMb must be at most 65536').nullable().optional(),
    maxConcurrency: concurrencySchema.nullable().optional(),
  })
  .strict();

/** The owner's maxima (null: unset, the default maximum applies). */
export interface EvaluationLimits {
  maxTimeoutSeconds: number | null;
  maxMemoryMb: number | null;
  maxConcurrency: number | null;
}

export interface EvaluationSettings {
  /** The stored setting, null when unset. */
  concurrency: number | null;
  /** What a batch gets when the setting is unset: the machine's cores. */
  defaultConcurrency: number;
  limits: EvaluationLimits;
  /** The maxima in force when a limit is unset (concurrency: the default concurrency in force). */
  defaultLimits: { maxTimeoutSeconds: number; maxMemoryMb: number; maxConcurrency: number };
}

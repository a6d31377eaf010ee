// Shapes of the public-vs-private API (/api/runs/[runId]/generalization, /api/generalization,
// /api/settings/generalization): request bodies parsed by the routes, responses parsed by the
// pages. One definition for both sides.
import { z } from 'zod';
import { toCsv } from '../csv';
import { VERDICTS, type GeneralizationStep } from '../generalizationTypes';

const num = z.number();
const verdictSchema = z.enum(VERDICTS as [string, ...string[]]);

export const formatQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

export const crossRunQuerySchema = formatQuerySchema.extend({
  table: z.enum(['verdicts', 'counts'], { error: 'table must be verdicts (Table 11) or counts (Table 12)' }).default('verdicts'),
});

const threshold = z.number({ error: 'the threshold must be a number' }).finite('the threshold must be finite').min(0, 'the threshold must not be negative');

/** PUT /api/runs/[runId]/generalization/threshold: the run's own threshold, or null to drop it. */
export const runThresholdBodySchema = z.object({ threshold: threshold.nullable() }).strict();

/** PUT /api/settings/generalization: the global threshold setting. */
export const thresholdSettingSchema = z
  .object({
    absolute: threshold.nullable(),
    relative: z.number({ error: 'relative must be a number' }).finite().min(0, 'relative must not be negative').max(10, 'relative must be at most 10 (1000 %)'),
  })
  .strict();

const stepSchema = z.object({
  index: num,
  programId: z.string(),
  externalId: z.string(),
  iteration: num,
  recordedScore: num,
  public: num.nullable(),
  publicSource: z.enum(['rerun', 'recorded']),
  private: num.nullable(),
  privateMissing: z.string().nullable(),
  dPublic: num.nullable(),
  dPrivate: num.nullable(),
  overfit: z.boolean(),
});

export const runGeneralizationSchema = z.object({
  run: z.object({
    id: z.string(),
    name: z.string(),
    framework: z.string(),
    task: z.string().nullable(),
    scoreMetric: z.string().nullable(),
    higherIsBetter: z.boolean(),
  }),
  result: z.object({
    higherIsBetter: z.boolean(),
    threshold: num.nullable(),
    steps: z.array(stepSchema),
    verdict: verdictSchema,
    verdictReason: z.string(),
    publicChange: num.nullable(),
    privateChange: num.nullable(),
    recordedPublicSteps: num,
    privateScoredSteps: num,
    overfitSteps: num,
  }),
  threshold: z.object({ value: num.nullable(), source: z.enum(['run', 'global', 'relative']), description: z.string() }),
  evaluator: z.object({ id: z.string(), version: num, privateFiles: num }).nullable(),
  batch: z
    .object({
      id: z.string(),
      status: z.string(),
      total: num,
      done: num,
      failed: num,
      error: z.string().nullable(),
      testSets: z.array(z.string()),
      createdAt: z.string(),
    })
    .nullable(),
});
export type RunGeneralizationResponse = z.infer<typeof runGeneralizationSchema>;

/** The per-step table as CSV (the page's table, one line per chain step). */
export function stepsCsv(steps: readonly Pick<GeneralizationStep, keyof z.infer<typeof stepSchema>>[]): string {
  return toCsv(
    ['step', 'iteration', 'program_id', 'external_id', 'recorded_public', 'public', 'public_source', 'private', 'private_missing', 'd_public', 'd_private', 'overfit_step'],
    steps.map((s) => [s.index, s.iteration, s.programId, s.externalId, s.recordedScore, s.public, s.publicSource, s.private, s.privateMissing, s.dPublic, s.dPrivate, s.overfit]),
  );
}

/** The batch states after which nothing more will arrive. */
export const FINISHED_BATCH = new Set(['done', 'failed', 'cancelled']);

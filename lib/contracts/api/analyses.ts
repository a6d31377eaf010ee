// GET /api/runs/[runId]/cycling, /cycling/edits, /cycling/marks and /evolution: query and
// response schemas, shared by the routes and the views. Responses mirror the stored reports
// (lib/analysis/reportTypes.ts); fractions and slopes are nullable because the store writes
// NaN and Infinity as null.
import { z } from 'zod';
import { COMPOSITION_BUCKETS, type CompositionBucket } from '../analysisTypes';
import { limitSchema } from './params';

export const definitionsValues = ['default', 'evoreplay'] as const;
export const scopeValues = ['lineage', 'run'] as const;

export const definitionsSchema = z
  .enum(definitionsValues, { error: 'definitions must be "default" or "evoreplay"' })
  .default('default');
/** Lineage is the paper's reading ("lines the same lineage has already deleted"). */
export const scopeSchema = z.enum(scopeValues, { error: 'scope must be "lineage" or "run"' }).default('lineage');

export const cyclingQuerySchema = z.object({ definitions: definitionsSchema, scope: scopeSchema });
export type CyclingQuery = z.infer<typeof cyclingQuerySchema>;

export const cyclingEditsQuerySchema = cyclingQuerySchema.extend({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must be 0 or more')
    .default(0),
  limit: limitSchema(100),
});

export const marksQuerySchema = cyclingQuerySchema.extend({
  childId: z.string({ error: 'childId (the program’s source id) is required' }).trim().min(1, 'childId must not be empty').max(500),
});

export const externalIdParamsSchema = z.object({
  runId: z.guid({ error: 'run id must be a UUID' }),
  externalId: z.string().min(1).max(500),
});

// ---------------------------------------------------------------------------------------------
// Responses

const frac = z.number().nullable();
const bucketCounts = z.object(
  Object.fromEntries(COMPOSITION_BUCKETS.map((b) => [b, z.number()])) as Record<CompositionBucket, z.ZodNumber>,
);

export const cyclingSummarySchema = z.object({
  programs: z.number(),
  editsAnalysed: z.number(),
  cycleEvents: z.number(),
  uniqueCycledLines: z.number(),
  totalAdded: z.number(),
  recycledAdded: z.number(),
  totalRemoved: z.number(),
  recycledRemoved: z.number(),
  literal: z.number(),
  tuning: z.number(),
  trivial: z.number(),
  composition: bucketCounts,
  bestSoFarEvents: z.number(),
  finalBestLineageDepth: z.number().nullable(),
  deadBranchShare: frac,
  recycledShare: frac,
  recycledShareSlope: frac,
  recycledShareGrows: z.boolean(),
  medianSpan: frac,
  editsWithAddedLines: z.number(),
  medianRecycleRatioEditsWithAdded: frac,
  cycleSpanStats: z.object({ median: frac, mean: frac, max: frac }),
  editsWithoutCodeLines: z.number(),
  tuningLines: z.number(),
  structuralLines: z.number(),
  commentLines: z.number(),
  nScoreUp: z.number(),
  nScoreDown: z.number(),
});
export type CyclingSummaryData = z.infer<typeof cyclingSummarySchema>;

export const trendPointSchema = z.object({ iteration: z.number(), added: z.number(), recycled: z.number(), share: z.number() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const historyEntrySchema = z.object({ kind: z.enum(['removed', 'added']), childId: z.string(), iteration: z.number() });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const topLineSchema = z.object({
  line: z.string(),
  readditions: z.number(),
  spans: z.array(z.number()),
  history: z.array(historyEntrySchema),
});
export type TopLine = z.infer<typeof topLineSchema>;

export const compositionSliceSchema = z.object({ from: z.number(), to: z.number(), counts: bucketCounts, none: z.number() });
export type CompositionSlice = z.infer<typeof compositionSliceSchema>;

/** The stored CyclingReport without its edits (those are paged), plus uuids of the programs its top lines name. */
export const cyclingResponseSchema = z.object({
  definitions: z.enum(definitionsValues),
  scope: z.enum(scopeValues),
  definitionText: z.string(),
  summary: cyclingSummarySchema,
  trend: z.object({ slope: frac, grows: z.boolean(), points: z.array(trendPointSchema) }),
  spanHistogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  topLines: z.array(topLineSchema),
  compositionOverTime: z.array(compositionSliceSchema),
  /** Edits in the stored report (GET .../cycling/edits pages through them). */
  editCount: z.number(),
  /** External id -> program uuid, for every program named in topLines (links to diffs). */
  programIds: z.record(z.string(), z.string()),
});
export type CyclingResponse = z.infer<typeof cyclingResponseSchema>;

export const editRowSchema = z.object({
  parentId: z.string(),
  childId: z.string(),
  iteration: z.number(),
  added: z.number(),
  recycledAdded: z.number(),
  removed: z.number(),
  recycledRemoved: z.number(),
  bucket: z.enum(COMPOSITION_BUCKETS as [CompositionBucket, ...CompositionBucket[]]).nullable(),
});
export type EditRow = z.infer<typeof editRowSchema>;

export const editsPageSchema = z.object({
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  nextOffset: z.number().nullable(),
  edits: z.array(editRowSchema),
  /** External id -> program uuid for the parents and children on this page. */
  programIds: z.record(z.string(), z.string()),
});
export type EditsPage = z.infer<typeof editsPageSchema>;

export const childMarkSchema = z.object({
  line: z.string(),
  class: z.enum(['literal', 'tuning', 'trivial']),
  removedBy: z.string(),
  /** uuid of the removing program; null if it is no longer in the run. */
  removedById: z.string().nullable(),
  removedIteration: z.number(),
  addedIteration: z.number(),
});
export type ChildMark = z.infer<typeof childMarkSchema>;

export const marksResponseSchema = z.object({
  definitions: z.enum(definitionsValues),
  scope: z.enum(scopeValues),
  childId: z.string(),
  definitionText: z.string(),
  marks: z.array(childMarkSchema),
});
export type MarksResponse = z.infer<typeof marksResponseSchema>;

const summarySchema = z.object({ median: frac, mean: frac });
export const complexityBucketSchema = z.object({
  iterationStart: z.number(),
  iterationEnd: z.number(),
  programs: z.number(),
  validPrograms: z.number(),
  parseErrors: z.number(),
  loc: summarySchema,
  numericLiterals: summarySchema,
  tunableLiterals: summarySchema,
});
export type ComplexityBucketData = z.infer<typeof complexityBucketSchema>;

export const evolutionResponseSchema = z.object({
  complexity: z.object({
    bucketSize: z.number(),
    buckets: z.array(complexityBucketSchema),
    parseErrors: z.number(),
    programs: z.number(),
  }),
  lineage: z.object({
    finalBestId: z.string().nullable(),
    finalBestDepth: z.number().nullable(),
    deadBranchShare: frac,
    depthHistogram: z.array(z.object({ depth: z.number(), count: z.number() })),
  }),
});
export type EvolutionResponse = z.infer<typeof evolutionResponseSchema>;

/** 202 body while the worker has not stored the report yet. */
export const analysisPendingSchema = z.object({ pending: z.literal(true) });
export const pendingOr = <S extends z.ZodType>(schema: S) => z.union([schema, analysisPendingSchema]);
export const isPending = (v: unknown): v is { pending: true } =>
  typeof v === 'object' && v !== null && 'pending' in v && (v as { pending: unknown }).pending === true;

export const programIdResponseSchema = z.object({ id: z.string(), externalId: z.string() });

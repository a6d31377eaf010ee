// The edit taxonomy's routes (issue 9): query, body and response schemas, shared by the routes,
// the CLI and the client components (which parse responses with them).
//   GET  /api/runs/[runId]/taxonomy?judge=K                     runTaxonomySchema
//   GET  /api/taxonomy?runs=a,b&judge=K                         pooledTaxonomySchema
//   GET  /api/runs/[runId]/judgements?judge=&label=&sort=&cursor=   judgementsPageSchema
//   GET  /api/runs/[runId]/judgements?judge=K&format=labels     programLabelsSchema (lineage colouring)
//   GET  /api/runs/[runId]/programs/[programId]/judgements      programJudgementsSchema
//   GET  /api/runs/[runId]/taxonomy/agreement?a=K1&b=K2         judgeAgreementSchema
//   POST /api/runs/[runId]/judge-batches                        body startJudgeBatchSchema -> judgeBatchEnvelopeSchema (201)
//   GET  /api/runs/[runId]/judge-batches                        judgeBatchListSchema (newest first)
//   GET  /api/runs/[runId]/judge-batches/[batchId]              judgeBatchEnvelopeSchema
//   POST /api/runs/[runId]/judge-batches/[batchId]/cancel       judgeBatchEnvelopeSchema
//   POST /api/runs/[runId]/judge-batches/[batchId]/resume       optional body resumeJudgeBatchSchema -> judgeBatchEnvelopeSchema
//     (201: a NEW batch of the same judge, model, concurrency and caps, unless given, over the
//     edits still unjudged; a batch still queued or running is returned as it is, 200)
// Judge keys: 'offline@2' (OFFLINE_JUDGE_KEY) or 'llm:<model>@<rubric>' (llmJudgeKey).
// Errors are { error: string } as everywhere; starting an LLM batch with no LLM configured is a
// 409 whose message says where to configure it.
import { z } from 'zod';
import { EDIT_LABELS } from '../editLabels';
import { judgeBudgetSchema } from '../llmTypes';
import { limitSchema } from './params';

export const editLabelSchema = z.enum(EDIT_LABELS);
const labelsSchema = z.array(editLabelSchema);
const countsPerLabel = z.record(editLabelSchema, z.number());

/** LineEvidence per label (1-based line numbers: added in the child, removed from the parent). */
export const labelEvidenceSchema = z.partialRecord(
  editLabelSchema,
  z.object({ added: z.array(z.number()), removed: z.array(z.number()) }),
);

export const judgeKindSchema = z.enum(['offline', 'llm']);
export type JudgeKind = z.infer<typeof judgeKindSchema>;

// ---- statistics (mirror TaxonomyStats / LabelStats / AgreementReport of lib/contracts/taxonomyTypes.ts)

export const labelStatsSchema = z.object({
  label: editLabelSchema,
  count: z.number(),
  prevalence: z.number(),
  positiveRate: z.number().nullable(),
  oddsRatio: z.number().nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  fisherP: z.number().nullable(),
  table: z.object({ a: z.number(), b: z.number(), c: z.number(), d: z.number() }),
  enrichmentBestSoFar: z.number().nullable(),
  enrichmentFinalLineage: z.number().nullable(),
});

export const taxonomyStatsSchema = z.object({
  edits: z.number(),
  unscored: z.number(),
  /** The run's score scale (pooled over several runs: 1, each run's in runScales). */
  scoreScale: z.number(),
  runScales: z.array(z.number()),
  bestSoFarEdits: z.number(),
  finalLineageEdits: z.number(),
  labels: z.array(labelStatsSchema),
  stages: z.array(z.object({ from: z.number(), to: z.number(), edits: z.number(), counts: countsPerLabel })),
  compounds: z.array(z.object({ labels: labelsSchema, count: z.number() })),
  cooccurrence: z.array(z.array(z.number())),
});
export type TaxonomyStatsResponse = z.infer<typeof taxonomyStatsSchema>;

export const agreementReportSchema = z.object({
  n: z.number(),
  exactMatch: z.number(),
  meanJaccard: z.number(),
  micro: z.object({ precision: z.number(), recall: z.number(), f1: z.number() }),
  macroF1: z.number(),
  macroKappa: z.number().nullable(),
  perLabel: z.array(
    z.object({
      label: editLabelSchema,
      both: z.number(),
      onlyA: z.number(),
      onlyB: z.number(),
      neither: z.number(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      f1: z.number().nullable(),
      kappa: z.number().nullable(),
    }),
  ),
});

// ---- judging batches

export const judgeBatchStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'budget']);
export type JudgeBatchStatus = z.infer<typeof judgeBatchStatusSchema>;

/** A judging job's row: progress (done of total; of done, cached and not judged), spend, caps. */
export const judgeBatchSchema = z.object({
  id: z.string(),
  runId: z.string(),
  judge: z.string(),
  kind: judgeKindSchema,
  model: z.string().nullable(),
  rubricVersion: z.string().nullable(),
  status: judgeBatchStatusSchema,
  /** Edits this batch set out to judge (a resume counts only the ones still unjudged by this judge). */
  total: z.number(),
  done: z.number(),
  cached: z.number(),
  notJudged: z.number(),
  budget: judgeBudgetSchema,
  concurrency: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  costUsd: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JudgeBatchResponse = z.infer<typeof judgeBatchSchema>;

export const judgeBatchListSchema = z.object({ batches: z.array(judgeBatchSchema) });
export type JudgeBatchList = z.infer<typeof judgeBatchListSchema>;

/** As the evaluation-batch routes answer: the batch under `batch`. */
export const judgeBatchEnvelopeSchema = z.object({ batch: judgeBatchSchema });

export const judgeBatchParamsSchema = z.object({
  runId: z.guid({ error: 'run id must be a UUID (e.g. 3f2b8c1e-...)' }),
  batchId: z.guid({ error: 'batch id must be a UUID (e.g. 3f2b8c1e-...)' }),
});

export const resumeJudgeBatchSchema = z.object({ budget: judgeBudgetSchema.optional() }).strict();

export const startJudgeBatchSchema = z
  .object({
    judge: judgeKindSchema,
    /** LLM only: overrides the configured model. */
    model: z.string().trim().min(1, 'model must not be empty').max(200, 'model is too long').optional(),
    /** LLM only: overrides the configured default caps. */
    budget: judgeBudgetSchema.optional(),
    concurrency: z.number().int('concurrency must be an integer').min(1, 'concurrency must be at least 1').max(64, 'concurrency must be at most 64').optional(),
  })
  .strict();
export type StartJudgeBatchInput = z.infer<typeof startJudgeBatchSchema>;

// ---- judges of a run

/** Tokens and cost spent by an LLM judge on a run (summed over its batches). */
export const judgeUsageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), costUsd: z.number() });

export const judgeInfoSchema = z.object({
  /** The judge key. */
  judge: z.string(),
  kind: judgeKindSchema,
  model: z.string().nullable(),
  /** Edits with a stored judgement 'judged' / 'not-judged'. */
  judged: z.number(),
  notJudged: z.number(),
  /** Edits of the run this judge has no row for yet. */
  pending: z.number(),
  latestBatch: judgeBatchSchema.nullable(),
  usage: judgeUsageSchema,
});
export type JudgeInfo = z.infer<typeof judgeInfoSchema>;

export const runTaxonomyQuerySchema = z.object({
  /** Judge key; default: the offline judge. */
  judge: z.string().trim().min(1).max(300).optional(),
});

export const runTaxonomySchema = z.object({
  runId: z.string(),
  /** The judge the stats are for (the requested one, else the offline judge). */
  judge: z.string(),
  judges: z.array(judgeInfoSchema),
  higherIsBetter: z.boolean(),
  /** Edits of the run (children with a parent in the run), whatever the judge. */
  editCount: z.number(),
  /** Edits the chosen judge marked not judged (left out of every figure). */
  notJudged: z.number(),
  /** Null when the chosen judge has judged no edit of the run yet. */
  stats: taxonomyStatsSchema.nullable(),
  /** The chosen judge's spend on the run (zeros for the offline judge). */
  usage: judgeUsageSchema,
});
export type RunTaxonomy = z.infer<typeof runTaxonomySchema>;

export const pooledTaxonomyQuerySchema = z.object({
  runs: z
    .string({ error: 'runs must list run ids separated by commas' })
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(z.guid({ error: 'runs must list run UUIDs separated by commas' })).min(1, 'runs must name at least one run').max(50, 'at most 50 runs')),
  judge: z.string().trim().min(1).max(300).optional(),
});

export const pooledTaxonomySchema = z.object({
  judge: z.string(),
  runs: z.array(z.object({ runId: z.string(), name: z.string(), edits: z.number(), notJudged: z.number(), scoreScale: z.number() })),
  stats: taxonomyStatsSchema,
});
export type PooledTaxonomy = z.infer<typeof pooledTaxonomySchema>;

// ---- judgements

export const judgementSortSchema = z.enum(['seq', 'scoreChange', '-scoreChange']);

export const judgementsQuerySchema = z.object({
  judge: z.string().trim().min(1).max(300).optional(),
  label: editLabelSchema.optional(),
  /** 'seq' (the child's order in the run, default), 'scoreChange' (ascending) or '-scoreChange' (descending; unscored last). */
  sort: judgementSortSchema.default('seq'),
  /** 'labels': the compact per-program bitmask (programLabelsSchema) instead of a page. */
  format: z.enum(['page', 'labels']).default('page'),
  limit: limitSchema(100),
  /** Opaque: nextCursor as returned. */
  cursor: z.string().max(100).optional(),
});

export const judgedEditSchema = z.object({
  childId: z.string(),
  childExternalId: z.string(),
  parentId: z.string().nullable(),
  parentExternalId: z.string().nullable(),
  iteration: z.number().nullable(),
  parentScore: z.number().nullable(),
  childScore: z.number().nullable(),
  /** (child - parent) / the run's score scale, sign flipped when lower is better (so > 0 is an improvement); null when unscored. */
  scoreChange: z.number().nullable(),
  status: z.enum(['judged', 'not-judged']),
  labels: labelsSchema,
  rationale: z.string(),
  reason: z.string().nullable(),
});
export type JudgedEdit = z.infer<typeof judgedEditSchema>;

export const judgementsPageSchema = z.object({
  judge: z.string(),
  label: editLabelSchema.nullable(),
  /** Judgements matching the filter (all pages). */
  total: z.number(),
  scoreScale: z.number(),
  items: z.array(judgedEditSchema),
  nextCursor: z.string().nullable(),
});
export type JudgementsPage = z.infer<typeof judgementsPageSchema>;

/**
 * Lineage colouring: for each judged child (programIds, aligned with masks) a bitmask over
 * EDIT_LABELS order (bit i set = EDIT_LABELS[i]). Edits marked not judged and programs without a
 * parent are absent.
 */
export const programLabelsSchema = z.object({
  judge: z.string(),
  labels: z.array(editLabelSchema),
  programIds: z.array(z.string()),
  masks: z.array(z.number()),
});
export type ProgramLabels = z.infer<typeof programLabelsSchema>;

export const programJudgementSchema = z.object({
  judge: z.string(),
  kind: judgeKindSchema,
  status: z.enum(['judged', 'not-judged']),
  labels: labelsSchema,
  rationale: z.string(),
  evidence: labelEvidenceSchema,
  reason: z.string().nullable(),
  parentId: z.string().nullable(),
  diffHash: z.string(),
  createdAt: z.string(),
});

export const programJudgementsSchema = z.object({
  runId: z.string(),
  programId: z.string(),
  /** Every judge's word on the edit parent -> this program, offline judge first. */
  judgements: z.array(programJudgementSchema),
});
export type ProgramJudgements = z.infer<typeof programJudgementsSchema>;

export const agreementQuerySchema = z.object({
  a: z.string({ error: 'a must name a judge key' }).trim().min(1).max(300),
  b: z.string({ error: 'b must name a judge key' }).trim().min(1).max(300),
});

export const judgeAgreementSchema = z.object({
  a: z.string(),
  b: z.string(),
  report: agreementReportSchema,
});
export type JudgeAgreement = z.infer<typeof judgeAgreementSchema>;

export const taxonomyUrl = (runId: string, judge?: string) =>
  `/api/runs/${runId}/taxonomy${judge ? `?judge=${encodeURIComponent(judge)}` : ''}`;
export const judgeBatchesUrl = (runId: string) => `/api/runs/${runId}/judge-batches`;

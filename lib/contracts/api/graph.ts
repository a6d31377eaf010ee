// GET /api/runs/[runId]/graph: the whole parent -> child graph of a run as columns, for the
// lineage explorer. Node arrays are aligned and ordered by seq (index i = the i-th program in
// canonical order); edges are parallel arrays of indices into them. Columns instead of objects:
// 100k programs cost a dozen flat arrays, which PostgreSQL writes and the browser parses fast.
import { z } from 'zod';

/** Per-program lineage facts of the stored LineageReport, realigned to the node arrays. */
export const graphLineageSchema = z.object({
  /** External id of the final best (LineageSummary.finalBestId). */
  finalBestId: z.string().nullable(),
  finalBestDepth: z.number().nullable(),
  deadBranchShare: z.number().nullable(),
  depthHistogram: z.array(z.object({ depth: z.number(), count: z.number() })),
  /**
   * False when programs were added after the report was computed (a live run): their entries
   * below are null until the worker recomputes it.
   */
  complete: z.boolean(),
  depth: z.array(z.number().nullable()),
  onBestAncestry: z.array(z.number().nullable()),
  bestSoFar: z.array(z.number().nullable()),
  recycledShare: z.array(z.number().nullable()),
});
export type GraphLineage = z.infer<typeof graphLineageSchema>;

export const graphEdgesSchema = z.object({
  childIndex: z.array(z.number()),
  /** -1 when the parent is not in the archive (a ghost parent). */
  parentIndex: z.array(z.number()),
  /** The missing parent's external id for a ghost edge, else null. */
  ghostExternalId: z.array(z.string().nullable()),
  operator: z.array(z.string().nullable()),
  /** 0 for the first parent; crossover children have 1, 2, ... for the others. */
  ordinal: z.array(z.number()),
});
export type GraphEdges = z.infer<typeof graphEdgesSchema>;

/** Context refs between programs of the run, by the showing program's index, then ordinal. */
export const graphContextEdgesSchema = z.object({
  /** The program that was made with the other shown as context. */
  childIndex: z.array(z.number()),
  /** The program shown. */
  refIndex: z.array(z.number()),
  label: z.array(z.string().nullable()),
});
export type GraphContextEdges = z.infer<typeof graphContextEdgesSchema>;

export const runGraphSchema = z.object({
  runId: z.string(),
  scoreMetric: z.string().nullable(),
  higherIsBetter: z.boolean(),
  count: z.number(),
  ids: z.array(z.string()),
  externalIds: z.array(z.string()),
  seq: z.array(z.number()),
  /** programs.iteration: the effective iteration (lib/trace/order.ts); null when unknown. */
  iteration: z.array(z.number().nullable()),
  island: z.array(z.number().nullable()),
  /** The primary score; null when the program has none. */
  score: z.array(z.number().nullable()),
  valid: z.array(z.boolean()),
  /**
   * Node indices of the eval agent's candidates (issue 13: metadata.agentCandidate, or a diagnosis's
   * agent_candidate_program_id), ascending. Absent in graphs cached before it existed.
   */
  agentCandidates: z.array(z.number()).default([]),
  /**
   * Node indices of programs the search rejected (stored invalid), ascending: the lineage hides
   * them unless asked. Absent in graphs cached before it existed.
   */
  rejected: z.array(z.number()).default([]),
  /** Programs shown to the LLM as context (not parents): drawn on demand. */
  contextEdges: graphContextEdgesSchema.default({ childIndex: [], refIndex: [], label: [] }),
  /** Ordered by the child's seq, then ordinal: a child's first edge is its first parent. */
  edges: graphEdgesSchema,
  /** Null until the worker has stored the run's lineage report. */
  lineage: graphLineageSchema.nullable(),
});
export type RunGraph = z.infer<typeof runGraphSchema>;

export const graphUrl = (runId: string) => `/api/runs/${runId}/graph`;

/** `?only=lineage`: just the lineage facts, for polling while the worker computes them. */
export const graphQuerySchema = z.object({
  only: z.enum(['lineage'], { error: 'only must be "lineage" or absent' }).optional(),
});
export const graphLineageResponseSchema = z.object({ lineage: graphLineageSchema.nullable() });
export type GraphLineageResponse = z.infer<typeof graphLineageResponseSchema>;

// GET /api/runs/[runId]/programs and GET /api/runs/[runId]/programs/[programId]: schemas.
import { z } from 'zod';
import { limitSchema } from './params';

/** Sort keys of the programs table; a leading '-' sorts descending. Ties break on seq. */
export const programSortKeys = ['seq', 'iteration', 'island', 'score', 'valid'] as const;
export type ProgramSortKey = (typeof programSortKeys)[number];
export const programSortSchema = z
  .enum([...programSortKeys, ...programSortKeys.map((k) => `-${k}` as const)], {
    error: `sort must be one of ${programSortKeys.join(', ')}, optionally prefixed by '-' for descending`,
  })
  .default('seq');
export type ProgramSort = z.infer<typeof programSortSchema>;

/** The programs table's first page as the overview shows it (and preloads it). */
export const PROGRAMS_FIRST_PAGE = { sort: 'seq', offset: 0, limit: 100 } as const;

/** One page of a run's programs. */
export const programsUrl = (runId: string, q: { sort: ProgramSort; offset: number; limit: number }) =>
  `/api/runs/${runId}/programs?sort=${q.sort}&offset=${q.offset}&limit=${q.limit}`;

/** Offset pagination: the table sorts by any column, which a keyset cursor would make awkward. */
export const programsQuerySchema = z.object({
  limit: limitSchema(100),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must be 0 or more')
    .default(0),
  sort: programSortSchema,
});
export type ProgramsQuery = z.infer<typeof programsQuerySchema>;

export const programRowSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  seq: z.number(),
  iteration: z.number().nullable(),
  island: z.number().nullable(),
  score: z.number().nullable(),
  valid: z.boolean(),
  /** False for a program never evaluated (then valid is false too): "not evaluated", not invalid. */
  evaluated: z.boolean(),
  /** Proposed and rejected by the search (then valid is false too): "rejected", not invalid. */
  rejected: z.boolean(),
  isMigrant: z.boolean(),
  parentCount: z.number(),
  /** First parent (ordinal 0); id is null for a ghost parent the archive does not contain. */
  parent: z.object({ id: z.string().nullable(), externalId: z.string() }).nullable(),
});
export type ProgramRow = z.infer<typeof programRowSchema>;

export const programsPageSchema = z.object({
  programs: z.array(programRowSchema),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  nextOffset: z.number().nullable(),
});
export type ProgramsPage = z.infer<typeof programsPageSchema>;

const relativeSchema = z.object({
  /** Null when the archive names a program it does not contain (ghost). */
  id: z.string().nullable(),
  externalId: z.string(),
  operator: z.string().nullable(),
  iteration: z.number().nullable(),
  score: z.number().nullable(),
  valid: z.boolean().nullable(),
  /** Rejected by the search (stored invalid); null for a ghost. */
  rejected: z.boolean().nullable(),
});
export type ProgramRelative = z.infer<typeof relativeSchema>;

export const evaluationSchema = z.object({
  id: z.string(),
  status: z.string(),
  output: z.string().nullable(),
  errors: z.string().nullable(),
  timingMs: z.number().nullable(),
  publicMetrics: z.unknown(),
  privateMetrics: z.unknown(),
  artifacts: z.unknown(),
  feedback: z.string().nullable(),
});

export const contextSchema = z.object({
  id: z.string(),
  kind: z.string().nullable(),
  model: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  cost: z.number().nullable(),
  system: z.string().nullable(),
  user: z.string().nullable(),
  response: z.string().nullable(),
});
export type ProgramContext = z.infer<typeof contextSchema>;

/** Who made the program (ProgramRecord.origin); null when the source recorded none of it. */
export const originSchema = z.object({
  model: z.string().nullable(),
  operator: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  cost: z.number().nullable(),
});
export type ProgramOriginView = z.infer<typeof originSchema>;

/** A program shown to the LLM as context (not a parent); id null when it is not in the run. */
export const contextRefViewSchema = relativeSchema.omit({ operator: true }).extend({ label: z.string().nullable() });
export type ProgramContextRef = z.infer<typeof contextRefViewSchema>;

export const programDetailSchema = z.object({
  id: z.string(),
  runId: z.string(),
  externalId: z.string(),
  language: z.string().nullable(),
  iteration: z.number().nullable(),
  generation: z.number().nullable(),
  timestamp: z.number().nullable(),
  seq: z.number(),
  island: z.number().nullable(),
  valid: z.boolean(),
  evaluated: z.boolean(),
  rejected: z.boolean(),
  invalidReason: z.string().nullable(),
  score: z.number().nullable(),
  metrics: z.record(z.string(), z.unknown()),
  metadata: z.unknown(),
  lines: z.number(),
  isMigrant: z.boolean(),
  codeSha: z.string(),
  code: z.string(),
  /** Names of a components program (its code is componentsText), in order; null otherwise. */
  componentNames: z.array(z.string()).nullable(),
  origin: originSchema.nullable(),
  contextRefs: z.array(contextRefViewSchema),
  evaluations: z.array(evaluationSchema),
  contexts: z.array(contextSchema),
  parents: z.array(relativeSchema),
  children: z.array(relativeSchema),
  /** All children; `children` holds at most the first 200 by seq. */
  childCount: z.number(),
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;

/** Just what the diff page needs of one side. */
export interface ProgramSource {
  id: string;
  externalId: string;
  language: string | null;
  iteration: number | null;
  score: number | null;
  valid: boolean;
  rejected: boolean;
  code: string;
}

// GET /api/runs, GET/PATCH/DELETE /api/runs/[runId], GET /api/runs/facets: query, body and
// response schemas.
import { z } from 'zod';
import { limitSchema } from './params';

/** Keyset cursor over (importedAt desc, id desc), base64url-encoded so clients treat it as opaque. */
export const runsCursorSchema = z.object({ importedAt: z.iso.datetime(), id: z.guid() });
export type RunsCursor = z.infer<typeof runsCursorSchema>;

export function encodeRunsCursor(c: RunsCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** An optional filter value from the query string; empty means "any". */
const filterValue = (what: string) =>
  z
    .string()
    .trim()
    .max(200, `${what} is too long`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const runsQuerySchema = z.object({
  limit: limitSchema(100),
  /** Substring of the run's name, task or framework, case-insensitive. */
  q: filterValue('search'),
  framework: filterValue('framework'),
  task: filterValue('task'),
  language: filterValue('language'),
  tag: filterValue('tag'),
  cursor: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      try {
        const parsed = runsCursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'cursor is not one returned by this API (use nextCursor as given)' });
      return z.NEVER;
    }),
});

export const runSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  framework: z.string(),
  task: z.string().nullable(),
  language: z.string().nullable(),
  status: z.string(),
  programCount: z.number(),
  /** Programs evaluated and found invalid. */
  invalidCount: z.number(),
  /** Programs never evaluated (neither valid nor invalid). */
  unevaluatedCount: z.number(),
  /** Share of programs that are valid (0..1), null for an empty run. */
  /** Programs the search rejected (GEPA): neither valid nor invalid, never best. */
  rejectedCount: z.number().optional(),
  validShare: z.number().nullable(),
  /** Total LLM cost (the source's currency, usually dollars) and tokens; null: unknown. */
  costTotal: z.number().nullable(),
  /** 'counters': as the search counted (its last counter sample); 'contexts': summed over stored prompts. */
  costBasis: z.enum(['counters', 'contexts']).nullable(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  /** Input + output tokens, of those known; null when neither is. */
  totalTokens: z.number().nullable(),
  tokensBasis: z.enum(['counters', 'contexts']).nullable(),
  bestScore: z.number().nullable(),
  scoreMetric: z.string().nullable(),
  higherIsBetter: z.boolean(),
  lastIteration: z.number().nullable(),
  importedAt: z.string(),
  tags: z.array(z.string()),
  /** The import that created the run; runs sharing it were imported together. */
  importJobId: z.string().nullable(),
  /** Where it came from: "archive qos.zip", "folder QOS", "command line QOS" (lib/contracts/runOrigin.ts). */
  origin: z.string(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/** Runs imported together (one FunSearch export gives 33): listed once per page that shows them. */
export const importGroupSchema = z.object({
  id: z.string(),
  sourceName: z.string(),
  /** Every run of the import still stored, whatever the filters, for "compare all". */
  runIds: z.array(z.string()),
});
export type ImportGroup = z.infer<typeof importGroupSchema>;

export const runsResponseSchema = z.object({
  runs: z.array(runSummarySchema),
  /** Imports with more than one run among those of this page. */
  groups: z.array(importGroupSchema),
  nextCursor: z.string().nullable(),
});
export type RunsResponse = z.infer<typeof runsResponseSchema>;

export const runDetailSchema = runSummarySchema.extend({
  edgeCount: z.number(),
  islandCount: z.number(),
  bestProgramId: z.string().nullable(),
  bestProgramExternalId: z.string().nullable(),
  bestIteration: z.number().nullable(),
  /** EvoX search strategies stored with the run (the run's nav links /strategies only then). */
  strategyCount: z.number().default(0),
  metricKeys: z.array(z.string()),
  sourceKind: z.string(),
  sourcePath: z.string().nullable(),
  evaluatorCommand: z.string().nullable(),
  modelConfig: z.unknown(),
  importReport: z.unknown(),
  updatedAt: z.string(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

/** GET /api/runs/facets: the values the filters offer, with how many runs have each. */
const facetSchema = z.array(z.object({ value: z.string(), runs: z.number() }));
export const runFacetsSchema = z.object({
  framework: facetSchema,
  task: facetSchema,
  language: facetSchema,
  tag: facetSchema,
});
export type RunFacets = z.infer<typeof runFacetsSchema>;

export const MAX_TAGS = 20;
const tagSchema = z
  .string()
  .trim()
  .min(1, 'a tag must not be empty')
  .max(40, 'a tag has at most 40 characters')
  .refine((t) => !/[,\u0000-\u001f]/.test(t), 'a tag must not contain commas or control characters');

/** PATCH /api/runs/[runId]: rename and/or replace the tags. */
export const runPatchSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'name must not be empty').max(200, 'name has at most 200 characters').optional(),
    tags: z
      .array(tagSchema)
      .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
      .transform((ts) => [...new Set(ts)])
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.tags !== undefined, 'give a name or tags to change');
export type RunPatch = z.infer<typeof runPatchSchema>;

export const runDeletedSchema = z.object({ deleted: z.literal(true), runId: z.string(), blobsRemoved: z.number() });
export type RunDeleted = z.infer<typeof runDeletedSchema>;

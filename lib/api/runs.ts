// GET /api/runs and GET /api/runs/[runId]: query and response schemas.
import { z } from 'zod';
import { limitSchema } from './params';

/** Keyset cursor over (importedAt desc, id desc), base64url-encoded so clients treat it as opaque. */
export const runsCursorSchema = z.object({ importedAt: z.iso.datetime(), id: z.guid() });
export type RunsCursor = z.infer<typeof runsCursorSchema>;

export function encodeRunsCursor(c: RunsCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export const runsQuerySchema = z.object({
  limit: limitSchema(100),
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
  invalidCount: z.number(),
  /** Share of programs that are valid (0..1), null for an empty run. */
  validShare: z.number().nullable(),
  bestScore: z.number().nullable(),
  scoreMetric: z.string().nullable(),
  higherIsBetter: z.boolean(),
  lastIteration: z.number().nullable(),
  importedAt: z.string(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runsResponseSchema = z.object({
  runs: z.array(runSummarySchema),
  nextCursor: z.string().nullable(),
});
export type RunsResponse = z.infer<typeof runsResponseSchema>;

export const runDetailSchema = runSummarySchema.extend({
  edgeCount: z.number(),
  islandCount: z.number(),
  bestProgramId: z.string().nullable(),
  bestProgramExternalId: z.string().nullable(),
  bestIteration: z.number().nullable(),
  metricKeys: z.array(z.string()),
  sourceKind: z.string(),
  sourcePath: z.string().nullable(),
  evaluatorCommand: z.string().nullable(),
  modelConfig: z.unknown(),
  importReport: z.unknown(),
  updatedAt: z.string(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

// GET /api/runs/[runId]/duplicates: the response schema (lib/analysis/duplicatesReport.ts).
import { z } from 'zod';

export const duplicatesUrl = (runId: string) => `/api/runs/${runId}/duplicates`;

const spent = z.object({ count: z.number(), budget: z.number() });
const basis = z.enum(['outputHash', 'outputs', 'scoresPerTest']);

export const duplicatesResponseSchema = z.object({
  budgetUnit: z.enum(['cost', 'programs']),
  scope: z.literal('run'),
  totals: z.object({ programs: spent, unique: spent, textual: spent, behavioural: spent, withoutBehaviour: spent }),
  share: z.object({ textual: z.number().nullable(), behavioural: z.number().nullable() }),
  bases: z.record(basis, z.number()),
  groupCount: z.number(),
  differingCodeGroupCount: z.number(),
  groups: z.array(
    z.object({ basis, size: z.number(), distinctCode: z.number(), budget: z.number(), programs: z.array(z.object({ id: z.string(), externalId: z.string() })) }),
  ),
  computedAt: z.string(),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponseSchema>;

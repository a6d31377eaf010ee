// GET /api/runs/[runId]/plateaus?k=&metric=: query and response schemas (lib/analysis/plateaus.ts).
import { z } from 'zod';
import { DEFAULT_PLATEAU_K } from '../../trace/diagnosis';
import { metricNameSchema } from './params';

export const plateauKSchema = z.coerce
  .number({ error: 'k must be a number' })
  .int('k must be a whole number')
  .min(1, 'k must be at least 1')
  .max(1000, 'k must be at most 1000');

/** The plateaus of one metric's curve, as the overview chart fetches them (and the page preloads them). */
export const plateausUrl = (runId: string, metric: string, k: number) =>
  `/api/runs/${runId}/plateaus?metric=${encodeURIComponent(metric)}&k=${k}`;

export const plateausQuerySchema = z.object({
  k: plateauKSchema.default(DEFAULT_PLATEAU_K),
  metric: metricNameSchema.optional(),
});

export const plateauSpanSchema = z.object({
  startGeneration: z.number(),
  endGeneration: z.number(),
  length: z.number(),
  bestScore: z.number(),
  programs: z.number(),
  cost: z.number().nullable(),
  tokens: z.number().nullable(),
  open: z.boolean(),
  firstIteration: z.number().nullable(),
  lastIteration: z.number().nullable(),
});

export const plateausResponseSchema = z.object({
  k: z.number(),
  metric: z.string(),
  axis: z.enum(['generation', 'iteration']),
  higherIsBetter: z.boolean(),
  /** Where the cost figures come from (lib/db/runCost.ts): stored prompts, the search's counters, or none. */
  costBasis: z.enum(['contexts', 'counters']).nullable(),
  definition: z.string(),
  plateaus: z.array(plateauSpanSchema),
  totals: z.object({
    programs: z.number(),
    cost: z.number().nullable(),
    tokens: z.number().nullable(),
    firstGeneration: z.number().nullable(),
    lastGeneration: z.number().nullable(),
  }),
});
export type PlateausResponse = z.infer<typeof plateausResponseSchema>;

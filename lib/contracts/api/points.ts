// GET /api/runs/[runId]/points and /best-so-far: schemas. Points are columnar so that 100k
// programs cost five flat arrays instead of 100k objects.
import { z } from 'zod';
import { metricNameSchema } from './params';

/** The points of one metric: the overview page preloads exactly this URL and the chart fetches it. */
export const pointsUrl = (runId: string, metric: string) => `/api/runs/${runId}/points?metric=${encodeURIComponent(metric)}`;

/** The best-so-far curve of one metric, as the overview chart fetches it (and the page preloads it). */
export const bestSoFarUrl = (runId: string, metric: string) => `/api/runs/${runId}/best-so-far?metric=${encodeURIComponent(metric)}`;

/** The metric the overview chart opens on: ?metric= when the run has it, else the score metric. */
export function initialChartMetric(metricKeys: readonly string[], scoreMetric: string | null, requested: string | undefined): string {
  const options = metricKeys.length ? metricKeys : scoreMetric ? [scoreMetric] : [];
  return requested && options.includes(requested) ? requested : (scoreMetric ?? options[0] ?? '');
}

export const metricQuerySchema = z.object({ metric: metricNameSchema.optional() });

export const pointsSchema = z.object({
  metric: z.string(),
  count: z.number(),
  seq: z.array(z.number()),
  /** programs.iteration: the effective iteration (lib/trace/order.ts), 0 when unknown. */
  iteration: z.array(z.number()),
  /** metrics ->> metric as a number; null when missing or not a finite number. */
  value: z.array(z.number().nullable()),
  valid: z.array(z.boolean()),
  id: z.array(z.string()),
});
export type Points = z.infer<typeof pointsSchema>;

const bestPointSchema = z.object({
  seq: z.number(),
  iteration: z.number(),
  score: z.number(),
  programId: z.string(),
  externalId: z.string(),
});
export type BestPoint = z.infer<typeof bestPointSchema>;

export const bestSoFarSchema = z.object({
  metric: z.string(),
  higherIsBetter: z.boolean(),
  definition: z.string(),
  points: z.array(bestPointSchema),
  finalBest: bestPointSchema.nullable(),
  lastIteration: z.number().nullable(),
  normalisedIterationOfBest: z.number().nullable(),
});
export type BestSoFar = z.infer<typeof bestSoFarSchema>;

/** 202 body while the worker has not computed the analysis yet. */
export const pendingSchema = z.object({ pending: z.literal(true), metric: z.string() });
export const bestSoFarResponseSchema = z.union([bestSoFarSchema, pendingSchema]);
export type BestSoFarResponse = z.infer<typeof bestSoFarResponseSchema>;

/** The metric a request means: the one asked for (if the run knows it) or the run's score metric. */
export function resolveMetric(
  run: { metricKeys: string[]; scoreMetric: string | null },
  requested: string | undefined,
): { metric: string } | { error: string } {
  const metric = requested ?? run.scoreMetric ?? run.metricKeys[0];
  if (!metric) return { error: 'this run has no metrics' };
  if (run.metricKeys.length && !run.metricKeys.includes(metric) && metric !== run.scoreMetric) {
    return { error: `unknown metric "${metric}"; this run has: ${run.metricKeys.join(', ')}` };
  }
  return { metric };
}

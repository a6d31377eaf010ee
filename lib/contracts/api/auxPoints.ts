// GET /api/runs/:runId/diagnoses/:diagnosisId/aux: the response, shared by the route's callers
// (components/diagnoses/AuxTrendChart.tsx validates with it).
import { z } from 'zod';
import { trivialMetricSchema } from '../../trace/diagnosis';

export const auxPointSchema = z.object({
  programId: z.string(),
  externalId: z.string(),
  generation: z.number().nullable(),
  iteration: z.number().nullable(),
  score: z.number().nullable(),
  status: z.string(),
  values: z.record(z.string(), z.number()).nullable(),
});

export const auxResponseSchema = z.object({
  metricNames: z.array(z.string()),
  points: z.array(auxPointSchema),
  trivialMetrics: z.array(trivialMetricSchema),
  /** Programs with a stored value; `points` holds every stride-th of them in the run's order. */
  total: z.number().int(),
  stride: z.number().int(),
});
export type AuxResponse = z.infer<typeof auxResponseSchema>;

// GET /api/runs/[runId]/strategies: an EvoX run's co-evolved search strategies (SkyDiscover
// search/iteration_N), in strategy-iteration order, each with its code (a run has tens).
import { z } from 'zod';

export const strategySchema = z.object({
  iteration: z.number(),
  code: z.string(),
  score: z.number().nullable(),
  isNewBest: z.boolean().nullable(),
  fallback: z.boolean().nullable(),
  /** Solution iterations over which it was the active strategy, as recorded (null: not recorded). */
  activeFrom: z.number().nullable(),
  activeTo: z.number().nullable(),
  metadata: z.unknown(),
  prompts: z.unknown(),
  failedAttempts: z.unknown(),
});
export type StrategyView = z.infer<typeof strategySchema>;

export const runStrategiesSchema = z.object({
  /** The run's last solution iteration: where a strategy still active at the end stops. */
  lastIteration: z.number().nullable(),
  strategies: z.array(strategySchema),
});
export type RunStrategies = z.infer<typeof runStrategiesSchema>;

export const strategiesUrl = (runId: string) => `/api/runs/${runId}/strategies`;

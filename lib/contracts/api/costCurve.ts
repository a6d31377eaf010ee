// GET /api/runs/[runId]/cost-curve: the response schema.
import { z } from 'zod';

/** GET /api/runs/[runId]/cost-curve (lib/analysis/costCurve.ts). */
export const costCurveSchema = z.union([
  z.object({ basis: z.literal('counters'), iteration: z.array(z.number()), cost: z.array(z.number()) }),
  z.object({ basis: z.literal('contexts'), seq: z.array(z.number()), cost: z.array(z.number()) }),
]);

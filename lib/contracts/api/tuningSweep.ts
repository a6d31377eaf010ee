// Request and answer of the tuning sweep (issue 11, item 2): tune a chosen set of a run's
// intermediate programs (every K-th best-so-far event by default) and chart each one's tuning
// ceiling against the run's own best-so-far curve. Route: /api/runs/[runId]/tuning-sweep.
import { z } from 'zod';
import { tuneParamsSchema, type ExperimentStatus } from '../interventionTypes';
import { uuidSchema } from './params';

/** Tunings one sweep may start (each is 25 evaluations by default). */
export const MAX_SWEEP_PROGRAMS = 100;

export const startTuningSweepSchema = z.object({
  /** Every K-th best-so-far event, the first always included (default 10). Ignored when programIds is given. */
  every: z.number().int().min(1).max(10_000).default(10),
  programIds: z.array(uuidSchema('program id')).min(1).max(MAX_SWEEP_PROGRAMS).optional(),
  /** Each tuning's settings; the knobs are found per program (knobSource). */
  params: tuneParamsSchema.omit({ knobs: true }).default(tuneParamsSchema.omit({ knobs: true }).parse({})),
});
export type StartTuningSweepInput = z.infer<typeof startTuningSweepSchema>;

export const tuningSweepQuery = z.object({
  /** The sweep (the experiments' group id); absent: the run's latest sweep. */
  groupId: uuidSchema('group id').optional(),
});

export interface TuningSweepItem {
  experimentId: string;
  programId: string;
  externalId: string;
  iteration: number | null;
  /** The program's recorded score (the best-so-far curve's value at its event). */
  originalScore: number | null;
  /** The tuning ceiling so far (partial while the tuning runs), the gap to the run's final best. */
  ceiling: number | null;
  gap: number | null;
  status: ExperimentStatus;
  done: number;
  total: number;
  error: string | null;
}

export interface TuningSweepView {
  groupId: string | null;
  higherIsBetter: boolean;
  runFinalBest: number | null;
  /** In the order of the programs' iterations. */
  items: TuningSweepItem[];
  /** The run's best-so-far curve (lib/analysis/bestSoFar.ts, on the run's primary score). */
  curve: { iteration: number; score: number; programId: string; externalId: string }[];
}

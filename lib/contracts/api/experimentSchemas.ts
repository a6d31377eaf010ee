// Request schemas of the experiment API (issue 11): start a replay, a tuning or an ablation of a
// program; list a run's experiments. The params themselves are lib/contracts/interventionTypes.ts's.
import { z } from 'zod';
import { ablateParamsSchema, EXPERIMENT_KINDS, replayParamsSchema, tuneParamsSchema } from '../interventionTypes';
import { uuidSchema } from './params';

export const startExperimentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('replay'), programId: uuidSchema('program id'), params: replayParamsSchema.default(replayParamsSchema.parse({})) }),
  z.object({ kind: z.literal('tune'), programId: uuidSchema('program id'), params: tuneParamsSchema.default(tuneParamsSchema.parse({})) }),
  z.object({ kind: z.literal('ablate'), programId: uuidSchema('program id'), params: ablateParamsSchema.default(ablateParamsSchema.parse({})) }),
]);
export type StartExperimentInput = z.infer<typeof startExperimentSchema>;

export const listExperimentsQuery = z.object({
  kind: z.enum(EXPERIMENT_KINDS).optional(),
  programId: uuidSchema('program id').optional(),
  groupId: uuidSchema('group id').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const experimentParamsSchema = z.object({ runId: uuidSchema('run id'), experimentId: uuidSchema('experiment id') });

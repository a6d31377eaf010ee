// Responses of /api/runs/[runId]/search-state (issue 12): the programs database's state as stored
// by lib/db/searchStateRows.ts, for the database page. The island and cluster shapes are those
// of lib/trace/searchState.ts; the overview trims each island to its lane (size, best) so a long
// run's membership lists and clusters are fetched only for the moment the page shows.
import { z } from 'zod';
import { clusterSchema, counterValuesSchema, searchConfigSchema, SEARCH_STATE_PARTS } from '../../trace/searchState';

export const storedMomentSchema = z.object({
  iteration: z.number().int().nullable(),
  timestamp: z.number().nullable(),
  stored: z.number().int().nullable(),
});

/** One island's lane point in the overview. */
export const islandLanePointSchema = z.object({
  island: z.number().int(),
  size: z.number().int().nullable(),
  bestScore: z.number().nullable(),
  bestProgram: z.string().nullable(),
  temperature: z.number().nullable(),
  /** Clusters the snapshot holds for this island (null: none recorded). */
  clusters: z.number().int().nullable(),
  /** Occupied MAP-Elites cells (null: no feature map). */
  featureCells: z.number().int().nullable(),
});

export const snapshotSummarySchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  at: storedMomentSchema,
  islands: z.array(islandLanePointSchema),
});

export const searchEventResponseSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['reset', 'migration']),
  at: storedMomentSchema,
  /** reset: the island reset; migration: the destination. */
  island: z.number().int(),
  /** reset: the donor island; migration: the origin. */
  otherIsland: z.number().int().nullable(),
  program: z.string().nullable(),
  source: z.string().nullable(),
});

export const counterResponseSchema = z.object({ seq: z.number().int(), at: storedMomentSchema, values: counterValuesSchema });

export const searchStateResponseSchema = z.object({
  /** null: the run has no recorded configuration. */
  config: searchConfigSchema.nullable(),
  missing: z.partialRecord(z.enum(SEARCH_STATE_PARTS), z.string()),
  snapshots: z.array(snapshotSummarySchema),
  events: z.array(searchEventResponseSchema),
  counters: z.array(counterResponseSchema),
});
export type SearchStateResponse = z.infer<typeof searchStateResponseSchema>;

export const snapshotIslandSchema = z.object({
  island: z.number().int(),
  size: z.number().int().nullish(),
  bestScore: z.number().nullish(),
  bestProgram: z.string().nullish(),
  programs: z.array(z.string()).optional(),
  temperature: z.number().nullish(),
  storedSinceReset: z.number().int().nullish(),
  clusters: z.array(clusterSchema).optional(),
  featureMap: z.record(z.string(), z.string()).optional(),
  counters: z.record(z.string(), z.unknown()).optional(),
});

export const snapshotResponseSchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  at: storedMomentSchema,
  islands: z.array(snapshotIslandSchema),
  extra: z.record(z.string(), z.unknown()).nullable(),
  /** externalId -> program id (uuid), for every program the snapshot names that the run holds. */
  programIds: z.record(z.string(), z.string()),
  /** externalId -> characters of its code (the within-cluster length preference's input). */
  programLengths: z.record(z.string(), z.number().int().min(0)).default({}),
});
export type SnapshotResponse = z.infer<typeof snapshotResponseSchema>;

export const snapshotParamsSchema = z.object({
  runId: z.guid({ error: 'run id must be a UUID (e.g. 3f2b8c1e-...)' }),
  seq: z.coerce.number().int().min(0).max(2_147_483_647),
});

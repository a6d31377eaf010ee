// The search's own state (issue 12): what a FunSearch-style programs database keeps besides the
// programs (seed 002: islands of clusters grouped by identical scores_per_test, a cyclically
// decaying sampling temperature, resets of weak islands from a survivor's best, migrations,
// deduplication by output hash, counters, costs). Importers and the live ingestion API yield it
// as part of an ImportedRun (`searchState`); lib/db stores it in `search_snapshots`,
// `search_events`, `search_counters` and the run's `search_config` / `search_missing`.
// Everything is optional: what a source lacks is absent and said in `missing`, never invented.
import { z } from 'zod';
import { int4, storableJson, storableName } from './pgSafe';

const count = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const finite = () => z.number().finite();

/** The programs database's configuration, in the seed's names (ProgramsDatabaseConfig). */
export const searchConfigSchema = z
  .object({
    num_islands: int4().min(1),
    /** Programs per island before weak islands are reset. */
    reset_programs: count(),
    /** Seconds between resets (FunSearch's reset_period). */
    reset_period: finite(),
    cluster_sampling_temperature_init: finite(),
    /** Stored programs before the temperature resets. */
    cluster_sampling_temperature_period: count(),
    functions_per_prompt: count(),
    no_deduplication: z.boolean(),
    /** OpenEvolve: migration interval / rate, feature dimensions and bins of its MAP-Elites grid. */
    migration_interval: count(),
    migration_rate: finite(),
    feature_dimensions: z.array(z.string()),
    feature_bins: z.union([count(), z.record(z.string(), count())]),
  })
  .partial()
  /** Other settings the source states, kept verbatim. */
  .extend({ other: storableJson('other', z.record(z.string(), z.unknown())).optional() });
export type SearchConfig = z.infer<typeof searchConfigSchema>;

/** When something happened, in whatever clocks the source has (at least one). */
export const momentSchema = z
  .object({
    /** The run's iteration (the programs' iteration scale). */
    iteration: int4().nullish(),
    /** Seconds since the epoch. */
    timestamp: finite().nullish(),
    /** Programs stored in the database so far (the temperature schedule's clock). */
    stored: count().nullish(),
  })
  .refine((m) => m.iteration != null || m.timestamp != null || m.stored != null, 'a moment needs an iteration, a timestamp or a stored count');
export type Moment = z.infer<typeof momentSchema>;

/** Programs of one island grouped by identical scores_per_test (seed 002 "Clusters"). */
export const clusterSchema = z.object({
  /** scores_per_test as the source wrote it: test key -> score. */
  scoresPerTest: storableJson('scoresPerTest', z.record(z.string(), z.unknown())),
  /** The aggregate score used for sampling, when the source states it. */
  score: finite().nullish(),
  /** Programs (externalIds) in the cluster. */
  programs: z.array(storableName(z.string().min(1))).default([]),
});
export type ClusterRecord = z.infer<typeof clusterSchema>;

/** One island at one moment. */
export const islandStateSchema = z.object({
  island: int4().min(0),
  size: count().nullish(),
  bestScore: finite().nullish(),
  bestProgram: storableName(z.string().min(1)).nullish(),
  /** Members (externalIds), when the source lists them. */
  programs: z.array(storableName(z.string().min(1))).optional(),
  /** The island's cluster sampling temperature at that moment, when the source states it. */
  temperature: finite().nullish(),
  /** Programs stored on this island since its last reset (the schedule's clock per island). */
  storedSinceReset: count().nullish(),
  clusters: z.array(clusterSchema).optional(),
  /** OpenEvolve's MAP-Elites grid: cell key (e.g. "3-7") -> program externalId; and the bins' meaning. */
  featureMap: storableJson('featureMap', z.record(z.string(), z.string())).optional(),
  /** Island generation / counters the source keeps per island (successCount, failureCount, ...). */
  counters: storableJson('counters', z.record(z.string(), z.unknown())).optional(),
});
export type IslandState = z.infer<typeof islandStateSchema>;

/** The whole database at one moment (a checkpoint, a live snapshot, the final state). */
export const snapshotSchema = z.object({
  at: momentSchema,
  /** 'checkpoint', 'live', 'final' or the source's own word. */
  kind: z.string().max(40).default('checkpoint'),
  islands: z.array(islandStateSchema),
  /** OpenEvolve feature_stats and the like, verbatim. */
  extra: storableJson('extra', z.record(z.string(), z.unknown())).optional(),
});
export type SnapshotRecord = z.infer<typeof snapshotSchema>;

/** A reset of an island from a donor island's best, or a migration of a program between islands. */
export const searchEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reset'),
    at: momentSchema,
    island: int4().min(0),
    /** The surviving island whose best program seeded it, when known. */
    donorIsland: int4().min(0).nullish(),
    program: storableName(z.string().min(1)).nullish(),
  }),
  z.object({
    kind: z.literal('migration'),
    at: momentSchema,
    fromIsland: int4().min(0).nullish(),
    toIsland: int4().min(0),
    /** The migrant copy and the program it copies (externalIds), when known. */
    program: storableName(z.string().min(1)).nullish(),
    source: storableName(z.string().min(1)).nullish(),
  }),
]);
export type SearchEvent = z.infer<typeof searchEventSchema>;

/** The seed's counters at one moment (cumulative); absent: the source does not keep it. */
export const counterValuesSchema = z
  .object({
    iterations: count(),
    total_stored_programs: count(),
    execution_failed: count(),
    duplicates_discarded: count(),
    version_mismatch_discarded: count(),
    parallel_prompts: count(),
    sequential_prompts: count(),
    /** The seed's prompt edge cases: prompts skipped (no clusters), sent with fewer clusters than
     * functions_per_prompt, with the uniform fallback, with duplicate few-shot examples, and the
     * duplicate examples themselves. */
    prompts_skipped: count(),
    prompts_fewer_clusters: count(),
    prompts_uniform_fallback: count(),
    prompts_duplicate_examples: count(),
    duplicate_examples: count(),
    cumulative_evaluator_cpu_time: finite(),
    cumulative_sampler_gpu_time: finite(),
    cumulative_input_tokens: count(),
    cumulative_output_tokens: count(),
    cumulative_cost: finite(),
  })
  .partial();
export type CounterValues = z.infer<typeof counterValuesSchema>;

export const counterSampleSchema = z.object({ at: momentSchema, values: counterValuesSchema });
export type CounterSample = z.infer<typeof counterSampleSchema>;

/** Parts of the state a source can lack; `missing` says why for each absent one. */
export const SEARCH_STATE_PARTS = ['config', 'islands', 'clusters', 'resets', 'migrations', 'counters', 'costs', 'tokens', 'featureMaps'] as const;
export type SearchStatePart = (typeof SEARCH_STATE_PARTS)[number];

export const searchStateSchema = z.object({
  config: searchConfigSchema.default({}),
  snapshots: z.array(snapshotSchema).default([]),
  events: z.array(searchEventSchema).default([]),
  counters: z.array(counterSampleSchema).default([]),
  /** What the source lacks and why, e.g. { clusters: 'FunSearch JSON exports keep improvements only' }. */
  missing: z.partialRecord(z.enum(SEARCH_STATE_PARTS), z.string().max(500)).default({}),
});
export type SearchState = z.infer<typeof searchStateSchema>;
export type SearchStateInput = z.input<typeof searchStateSchema>;

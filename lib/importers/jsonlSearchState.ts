// The search-state lines of Evoscope's JSONL format (issue 12), also the body of the live route
// POST /api/ingest/runs/[runId]/search-state. Each line is an object with exactly one key:
//
//   {"database_config":   {num_islands, reset_programs, reset_period, cluster_sampling_temperature_init,
//                          cluster_sampling_temperature_period, functions_per_prompt, no_deduplication,
//                          migration_interval, migration_rate, feature_dimensions, feature_bins, other}}
//   {"database_snapshot": {at: {iteration?, timestamp?, stored?}, kind?, islands: [{island, size?,
//                          bestScore?, bestProgram?, programs?, temperature?, storedSinceReset?,
//                          clusters?: [{scoresPerTest, score?, programs}], featureMap?, counters?}], extra?}}
//   {"database_event":    {kind: "reset", at, island, donorIsland?, program?}
//                       | {kind: "migration", at, fromIsland?, toIsland, program?, source?}}
//   {"database_counters": {at, values: {iterations, total_stored_programs, execution_failed, ...}}}
//   {"database_missing":  {part: why}}     (part: config, islands, clusters, resets, ...)
//
// The shapes are lib/trace/searchState.ts's, field for field (the seed's snake_case names for the
// config and the counters). Several config / missing lines merge key by key, a later value winning.
import { z } from 'zod';
import {
  counterSampleSchema, searchConfigSchema, searchEventSchema, searchStateSchema, snapshotSchema, type SearchStateInput,
} from '../trace/searchState';

export const SEARCH_LINE_KEYS = ['database_config', 'database_snapshot', 'database_event', 'database_counters', 'database_missing'] as const;
type SearchLineKey = (typeof SEARCH_LINE_KEYS)[number];

const lineSchemas: Record<SearchLineKey, z.ZodType> = {
  database_config: searchConfigSchema,
  database_snapshot: snapshotSchema,
  database_event: searchEventSchema,
  database_counters: counterSampleSchema,
  database_missing: searchStateSchema.shape.missing,
};

/** Whether an object is a search-state line (SearchStateLines.add checks the rest). */
export const isSearchLine = (value: Record<string, unknown>) => SEARCH_LINE_KEYS.some((k) => k in value);

const issueText = (key: string, e: z.ZodError) => {
  const i = e.issues[0];
  return `${key}${i?.path.length ? `.${i.path.join('.')}` : ''}: ${i?.message ?? 'invalid'}`;
};

/** Collects the search-state lines of one file (or one live request) into a SearchState. */
export class SearchStateLines {
  private readonly state = { config: {} as Record<string, unknown>, snapshots: [] as unknown[], events: [] as unknown[], counters: [] as unknown[], missing: {} as Record<string, unknown> };
  lines = 0;

  /** Adds one line; throws Error with "<key>.<path>: <message>" when it does not parse. */
  add(value: Record<string, unknown>): void {
    const keys = Object.keys(value);
    const key = SEARCH_LINE_KEYS.find((k) => k in value)!;
    if (keys.length !== 1) throw new Error(`a ${key} line holds that one key only (found ${keys.map((k) => JSON.stringify(k)).join(', ')})`);
    const r = lineSchemas[key].safeParse(value[key]);
    if (!r.success) throw new Error(issueText(key, r.error));
    this.lines++;
    if (key === 'database_config') Object.assign(this.state.config, r.data);
    else if (key === 'database_missing') Object.assign(this.state.missing, r.data);
    else if (key === 'database_snapshot') this.state.snapshots.push(r.data);
    else if (key === 'database_event') this.state.events.push(r.data);
    else this.state.counters.push(r.data);
  }

  /** The collected state, or undefined when no line was a search-state line. */
  result(): SearchStateInput | undefined {
    return this.lines ? (this.state as SearchStateInput) : undefined;
  }
}

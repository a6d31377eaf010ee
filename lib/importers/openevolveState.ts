// The search state an OpenEvolve output directory holds (issue 12), from each checkpoint's
// metadata.json, the migrant program copies and config.yaml's `database` section.
//
// Mapping:
//  - per checkpoint one snapshot (kind 'checkpoint', at iteration = last_iteration, else the
//    checkpoint number). Island i: programs = islands[i] (ids), size = their count, bestProgram =
//    island_best_programs[i] and bestScore = that program's score, featureMap =
//    island_feature_maps[i] (cell "x-y" -> program id), counters { generation: island_generations[i] }.
//    extra: archive (ids), feature_stats trimmed to {min, max, values: count} per dimension
//    (the value lists repeat every program's features), current_island, last_migration_generation,
//    best_program_id. Early-2025 metadata (a single feature_map, no island maps) gives no featureMap.
//  - migrations: every program with metadata.migrant = true is a migrant copy: toIsland = the
//    copy's island, fromIsland = its parent's (the source's) island, program = the copy, source =
//    the parent. OpenEvolve writes iteration_found = 0 on copies: the moment is the copy's
//    timestamp and its effective iteration (lib/trace/order.ts), never that 0.
//  - config: config.yaml `database` section (num_islands, migration_interval, migration_rate,
//    feature_dimensions, feature_bins; the rest under `other`); without a config.yaml,
//    num_islands is the number of island lists metadata.json holds and the rest is missing.
//  - OpenEvolve keeps no clusters, no resets, and no counters of samples, tokens or cost in these
//    files: all said in `missing`.
import { canonicalOrder } from '../trace/order';
import type { ProgramRecord } from '../trace/schema';
import { searchConfigSchema, type SearchEvent, type SearchStateInput, type SnapshotRecord } from '../trace/searchState';
import { isObject, type Json } from './openevolveProgram';

const CONFIG_KEYS = ['num_islands', 'migration_interval', 'migration_rate', 'feature_dimensions', 'feature_bins'] as const;

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);
const intOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

interface RawSnapshot {
  n: number;
  meta: Json;
}

export class OpenEvolveStateCollector {
  private readonly checkpoints: RawSnapshot[] = [];
  private islandLists = 0;

  /** Keeps what a checkpoint's metadata.json says about the database (not the feature value lists). */
  add(n: number, meta: Json) {
    const stats = isObject(meta.feature_stats)
      ? Object.fromEntries(
          Object.entries(meta.feature_stats).map(([k, v]) => [
            k,
            isObject(v) ? { min: v.min ?? null, max: v.max ?? null, values: Array.isArray(v.values) ? v.values.length : null } : v,
          ]),
        )
      : undefined;
    const kept: Json = {
      islands: meta.islands, island_best_programs: meta.island_best_programs, island_generations: meta.island_generations,
      island_feature_maps: meta.island_feature_maps, archive: meta.archive, last_iteration: meta.last_iteration,
      current_island: meta.current_island, last_migration_generation: meta.last_migration_generation, best_program_id: meta.best_program_id,
      feature_stats: stats,
    };
    if (Array.isArray(meta.islands)) this.islandLists = Math.max(this.islandLists, meta.islands.length);
    this.checkpoints.push({ n, meta: kept });
  }

  build(programs: ProgramRecord[], config: Json | null): SearchStateInput {
    const byId = new Map(programs.map((p) => [p.externalId, p]));
    const snapshots = this.checkpoints.map(({ n, meta }) => snapshotOf(n, meta, byId));
    // A copy's iteration_found is 0 (it lies): the moment is its effective iteration (lib/trace/
    // order.ts, the one every "over iterations" view uses) with its timestamp, so migrations share
    // the checkpoints' iteration axis.
    const effective = new Map(canonicalOrder(programs).map((o) => [o.item.externalId, o.effectiveIteration]));
    const events: SearchEvent[] = programs
      .filter((p) => p.isMigrant && p.island != null)
      .map((p) => {
        const source = p.parents?.[0]?.externalId ?? null;
        return {
          kind: 'migration' as const,
          at: { iteration: effective.get(p.externalId) ?? null, timestamp: p.timestamp ?? null },
          fromIsland: source != null ? (byId.get(source)?.island ?? null) : null,
          toIsland: p.island!,
          program: p.externalId,
          source,
        };
      });
    const db = config && isObject(config.database) ? config.database : null;
    const settings: Json = {};
    const other: Json = {};
    // A setting of an unexpected shape is kept verbatim under `other`, never a failed import.
    const known = (k: string, v: unknown) => (CONFIG_KEYS as readonly string[]).includes(k) && searchConfigSchema.safeParse({ [k]: v }).success;
    if (db) for (const [k, v] of Object.entries(db)) (known(k, v) ? settings : other)[k] = v;
    if (!db && this.islandLists) settings.num_islands = this.islandLists;
    const hasMaps = snapshots.some((s) => s.islands.some((i) => i.featureMap));
    const missing: Record<string, string> = {
      clusters: 'OpenEvolve keeps a MAP-Elites grid per island, not clusters of programs by scores_per_test',
      resets: 'OpenEvolve does not reset islands',
      counters: 'OpenEvolve checkpoints keep no sample, failure or duplicate counts',
      costs: 'OpenEvolve output records no LLM cost',
      tokens: 'OpenEvolve output records no token counts',
    };
    if (!db) {
      missing.config = this.islandLists
        ? 'no config.yaml next to the output: only the number of islands is known (from metadata.json); migration and feature settings are not'
        : 'no config.yaml next to the output and no island lists in metadata.json';
    }
    if (!snapshots.length) missing.islands = 'no checkpoint has a metadata.json';
    else if (!hasMaps) missing.featureMaps = 'metadata.json holds no island_feature_maps (early OpenEvolve keeps one global feature_map)';
    if (!events.length) missing.migrations = 'no program is marked as a migrant copy (metadata.migrant)';
    return { config: { ...settings, ...(Object.keys(other).length ? { other } : {}) } as SearchStateInput['config'], snapshots, events, missing };
  }
}

function snapshotOf(n: number, meta: Json, byId: Map<string, ProgramRecord>): SnapshotRecord {
  const lists = Array.isArray(meta.islands) ? meta.islands : [];
  const best = Array.isArray(meta.island_best_programs) ? meta.island_best_programs : [];
  const gens = Array.isArray(meta.island_generations) ? meta.island_generations : [];
  const maps = Array.isArray(meta.island_feature_maps) ? meta.island_feature_maps : [];
  const count = Math.max(lists.length, best.length, gens.length, maps.length);
  const islands = Array.from({ length: count }, (_, i) => {
    const members = ids(lists[i]);
    const bestId = typeof best[i] === 'string' && best[i] ? (best[i] as string) : null;
    const map = isObject(maps[i]) ? Object.fromEntries(Object.entries(maps[i] as Json).filter((e): e is [string, string] => typeof e[1] === 'string')) : null;
    const generation = intOf(gens[i]);
    return {
      island: i,
      size: Array.isArray(lists[i]) ? members.length : null,
      bestScore: bestId ? (byId.get(bestId)?.score ?? null) : null,
      bestProgram: bestId,
      ...(Array.isArray(lists[i]) ? { programs: members } : {}),
      ...(map ? { featureMap: map } : {}),
      ...(generation != null ? { counters: { generation } } : {}),
    };
  });
  const { islands: _l, island_best_programs: _b, island_generations: _g, island_feature_maps: _m, last_iteration, ...rest } = meta;
  const extra = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { at: { iteration: intOf(last_iteration) ?? n }, kind: 'checkpoint', islands, extra };
}

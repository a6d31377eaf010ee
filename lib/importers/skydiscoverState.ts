// The search state a SkyDiscover run holds (issue 12's model), from each checkpoint's sidecar
// (the search's database.py save()), the migrant program copies, and the run's summary.json /
// llm_usage.json. One snapshot per checkpoint at iteration = metadata.json last_iteration (else
// the checkpoint number). Per search:
//
//  - openevolve_native_metadata.json: OpenEvolve's own layout (islands, island_best_programs,
//    island_generations, island_feature_maps, archive, current_island, last_migration_generation,
//    feature_stats): read by OpenEvolveStateCollector (openevolveState.ts), feature maps included.
//  - adaevolve_metadata.json: island i = islands[i] (ids), size = their count, bestScore =
//    adapter.states[i].best_score, counters = that state (accumulated_signal, improvement_count,
//    total_evaluations, ...) + island_config_names[i] + the UCB's dimension_visits / rewards /
//    decayed_visits [i]. extra: archive_genealogies (per-island parent lists), paradigm_tracker,
//    current_island, global_best_score, iteration_count and the settings (decay, intensity_min /
//    max, migration_interval, diversity_strategy_type, use_* switches, max_islands, ...).
//    config: num_islands, migration_interval; the other settings under `other`.
//  - gepa_metadata.json: GEPA keeps no islands: its elite pool is shown as island 0 (programs =
//    elite_pool, best = its first, the pool being sorted by score). extra: metric_best (metric ->
//    [id, value]), program_at_metric_front (metric -> ids), initial_program_id, and the ids of the
//    rejection_history window (the rejected programs themselves are programs of the run).
//  - no sidecar (EvoX, top-k, beam search, best-of-n): no snapshots; said in `missing`.
//  - migrations: every migrant copy (metadata.migrated_from/migrated_to, AdaEvolve's ring
//    migration; or metadata.migrant with an island, openevolve_native) -> a migration event
//    from its source's island (migrated_from when written) to its own, at its iteration.
//  - counters: one sample per iteration from iterations.jsonl when the build wrote it
//    (skydiscoverUsage.ts; summary.json's num_iterations joins the last); otherwise one sample at
//    the last iteration: summary.json (num_iterations, total_cost, input/output_tokens_total) and
//    llm_usage.json (total input / output tokens and cost) -> iterations, cumulative_cost,
//    cumulative_input_tokens, cumulative_output_tokens.
import type { ProgramRecord } from '../trace/schema';
import type { CounterSample, CounterValues, IslandState, SearchEvent, SearchStateInput, SnapshotRecord } from '../trace/searchState';
import { isObject, type Json } from './openevolveProgram';
import { OpenEvolveStateCollector } from './openevolveState';
import type { SidecarSearch } from './skydiscoverLayout';

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);
const pick = (o: Json, keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
/** Only finite numbers and plain values: counters are jsonb, and Python writes -Infinity. */
const plain = (o: Json) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== 'number' || Number.isFinite(v)));

const ADAEVOLVE_SETTINGS = [
  'decay', 'intensity_min', 'intensity_max', 'migration_interval', 'diversity_strategy_type', 'use_unified_archive',
  'use_adaptive_search', 'use_ucb_selection', 'fixed_intensity', 'use_dynamic_islands', 'max_islands', 'use_paradigm_breakthrough',
];

/** Run totals from summary.json and llm_usage.json (either may be absent). */
export interface RunTotals {
  summary: Json | null;
  llmUsage: Json | null;
  lastIteration: number | null;
  /** Samples per iteration from iterations.jsonl (skydiscoverUsage.ts), when the build wrote it. */
  perIteration?: CounterSample[];
}

export class SkyStateCollector {
  private readonly oe = new OpenEvolveStateCollector();
  private readonly snapshots: { n: number; at: number; search: SidecarSearch; sidecar: Json }[] = [];
  private newestAda: Json | null = null;

  add(n: number, lastIteration: number | null, search: SidecarSearch, sidecar: Json) {
    if (search === 'openevolve_native') this.oe.add(n, { ...sidecar, last_iteration: lastIteration ?? sidecar.last_iteration });
    else this.snapshots.push({ n, at: lastIteration ?? n, search, sidecar });
    if (search === 'adaevolve') this.newestAda = sidecar;
  }

  /** Island of each program in the newest snapshot that lists it (AdaEvolve programs carry none). */
  islandOf(): Map<string, number> {
    const out = new Map<string, number>();
    for (const s of this.snapshots) {
      if (s.search !== 'adaevolve' || !Array.isArray(s.sidecar.islands)) continue;
      s.sidecar.islands.forEach((list, i) => ids(list).forEach((id) => out.set(id, i)));
    }
    return out;
  }

  build(programs: ProgramRecord[], search: string | null, totals: RunTotals): SearchStateInput {
    const byId = new Map(programs.map((p) => [p.externalId, p]));
    const native = search === 'openevolve_native' ? this.oe.build(programs, null) : null;
    const snapshots = [...(native?.snapshots ?? []), ...this.snapshots.map((s) => snapshotOf(s, byId))];
    const events: SearchEvent[] = native?.events?.length ? native.events : migrations(programs, byId);
    const config: Json = {};
    const ada = this.newestAda;
    if (ada) {
      const n = int(ada.num_islands) ?? (Array.isArray(ada.islands) ? ada.islands.length : null);
      if (n && n > 0) config.num_islands = n;
      if (count(ada.migration_interval) != null) config.migration_interval = ada.migration_interval;
      const other = pick(ada, ADAEVOLVE_SETTINGS.filter((k) => k !== 'migration_interval'));
      if (Object.keys(other).length) config.other = plain(other);
    } else if (native) {
      Object.assign(config, native.config);
    }
    const counters = countersOf(totals);
    const missing: Record<string, string> = {
      clusters: 'SkyDiscover keeps no clusters of programs by scores_per_test',
      resets: 'SkyDiscover searches do not reset islands',
    };
    if (!snapshots.length) {
      missing.islands = search === 'evox' || search == null
        ? 'this search writes no sidecar metadata beside its checkpoints (only openevolve_native, adaevolve and gepa_native do)'
        : 'no checkpoint holds the search sidecar';
    }
    if (!Object.keys(config).length) missing.config = 'SkyDiscover writes no config next to its output; only adaevolve and openevolve_native sidecars state island settings';
    if (search !== 'openevolve_native') missing.featureMaps = 'only openevolve_native keeps MAP-Elites feature maps';
    if (!events.length) missing.migrations = 'no program is a migrant copy (metadata.migrated_from / migrated_to / migrant)';
    if (!counters.length) missing.counters = 'no summary.json or llm_usage.json: no run counters';
    if (counters[0]?.values.cumulative_cost == null) missing.costs = 'no summary.json total_cost or llm_usage.json cost';
    if (counters[0]?.values.cumulative_input_tokens == null) missing.tokens = 'no llm_usage.json token totals';
    return { config, snapshots, events, counters, missing };
  }
}

function snapshotOf(s: { n: number; at: number; search: SidecarSearch; sidecar: Json }, byId: Map<string, ProgramRecord>): SnapshotRecord {
  const m = s.sidecar;
  if (s.search === 'gepa_native') {
    const pool = ids(m.elite_pool);
    const best = pool[0] ?? null;
    const island: IslandState = { island: 0, size: pool.length, programs: pool, bestProgram: best, bestScore: best ? (byId.get(best)?.score ?? null) : null };
    const rejected = Array.isArray(m.rejection_history) ? m.rejection_history.flatMap((r) => (isObject(r) && typeof r.id === 'string' ? [r.id] : [])) : [];
    const extra = { elitePool: true, ...pick(m, ['initial_program_id', 'metric_best', 'program_at_metric_front']), rejection_history: rejected };
    return { at: { iteration: s.at }, kind: 'checkpoint', islands: pool.length ? [island] : [], extra: plain(extra) };
  }
  // adaevolve
  const lists = Array.isArray(m.islands) ? m.islands : [];
  const adapter = isObject(m.adapter) ? m.adapter : {};
  const states = Array.isArray(adapter.states) ? adapter.states : [];
  const names = Array.isArray(m.island_config_names) ? m.island_config_names : [];
  const perIsland = (key: string, i: number) => (Array.isArray(adapter[key]) ? finite((adapter[key] as unknown[])[i]) : null);
  const islands = lists.map((list, i): IslandState => {
    const members = ids(list);
    const state = isObject(states[i]) ? plain(states[i] as Json) : {};
    const counters: Json = { ...state, config_name: names[i] ?? null };
    for (const k of ['dimension_visits', 'dimension_rewards', 'decayed_visits']) if (perIsland(k, i) != null) counters[k] = perIsland(k, i);
    return { island: i, size: members.length, programs: members, bestScore: finite(state.best_score), counters };
  });
  const extra = pick(m, ['current_island', 'global_best_score', 'iteration_count', 'last_spawn_iteration', 'archive_genealogies', 'paradigm_tracker', ...ADAEVOLVE_SETTINGS]);
  return { at: { iteration: s.at }, kind: 'checkpoint', islands, extra: plain(extra) };
}

function migrations(programs: ProgramRecord[], byId: Map<string, ProgramRecord>): SearchEvent[] {
  return programs.flatMap((p): SearchEvent[] => {
    if (!p.isMigrant || p.island == null) return [];
    const meta = isObject(p.metadata) ? p.metadata : {};
    const source = p.parents?.[0]?.externalId ?? null;
    const from = int(meta.migrated_from) ?? (source ? (byId.get(source)?.island ?? null) : null);
    return [{ kind: 'migration', at: { iteration: p.iteration ?? null, timestamp: p.timestamp ?? null }, fromIsland: from, toIsland: p.island, program: p.externalId, source }];
  });
}

function countersOf({ summary, llmUsage, lastIteration, perIteration }: RunTotals): CounterSample[] {
  if (perIteration?.length) {
    // The per-iteration rows are the finer record; summary.json's iteration count joins the last one.
    const n = count(summary?.num_iterations);
    const last = perIteration[perIteration.length - 1];
    return [...perIteration.slice(0, -1), n != null ? { at: last.at, values: { ...last.values, iterations: n } } : last];
  }
  const values: CounterValues = {};
  const total = llmUsage && isObject(llmUsage.total) ? llmUsage.total : null;
  if (summary && count(summary.num_iterations) != null) values.iterations = summary.num_iterations as number;
  const cost = finite(summary?.total_cost) ?? finite(total?.total_cost_usd);
  if (cost != null) values.cumulative_cost = cost;
  // The budget fork's summary.json also totals tokens; llm_usage.json (cost.py) does otherwise.
  const input = count(summary?.input_tokens_total) ?? count(total?.input_tokens);
  const output = count(summary?.output_tokens_total) ?? count(total?.output_tokens);
  if (input != null) values.cumulative_input_tokens = input;
  if (output != null) values.cumulative_output_tokens = output;
  if (!Object.keys(values).length) return [];
  const iteration = lastIteration ?? values.iterations ?? null;
  return [{ at: iteration != null ? { iteration } : { stored: 0 }, values }];
}

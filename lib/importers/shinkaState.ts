// The search state a ShinkaEvolve run holds (issue 12): experiment_config.yaml's database_config,
// and, with evolution_db.sqlite, the islands' final state, migrations and the LLM costs over time.
//
// Mapping:
//  - config: database_config's num_islands, migration_interval, migration_rate (when of the
//    contract's type); every other setting verbatim under `other` (db_path left out: a host path).
//  - one snapshot (kind 'final', at the last generation and the latest timestamp): island i's
//    members are the rows with island_idx = i (the island a program is on now), size = their
//    count, best = the highest combined_score among correct members (the first to reach it).
//    Island copies (metadata._is_island_copy) are members like any row.
//  - migrations: each migration_history entry {generation, from, to, timestamp} of a row: the
//    program itself moved (Shinka moves, it does not copy), so program = the row, source absent.
//    The initial island copies are seeding, not migrations, and are not events.
//  - counters, one sample per generation (at its number and latest timestamp), cumulative over
//    the rows of that generation and before: cumulative_cost = api_costs (else llm_result.cost)
//    + embed_cost + novelty_cost + meta_cost, those present in the row's metadata;
//    cumulative_input/output_tokens = llm_result.input_tokens / output_tokens. A sum no row
//    reports is absent.
import type { ProgramRecord } from '../trace/schema';
import { searchConfigSchema, type CounterSample, type SearchEvent, type SearchStateInput } from '../trace/searchState';
import type { ShinkaDb } from './shinkaDb';

type Json = Record<string, unknown>;
const CONFIG_KEYS = ['num_islands', 'migration_interval', 'migration_rate'];
const EXTRA_COSTS = ['embed_cost', 'novelty_cost', 'meta_cost'];
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function configOf(dbConfig: Json): NonNullable<SearchStateInput['config']> {
  const settings: Json = {};
  const other: Json = {};
  for (const [k, v] of Object.entries(dbConfig)) {
    if (k === 'db_path') continue;
    if (CONFIG_KEYS.includes(k) && searchConfigSchema.safeParse({ [k]: v }).success) settings[k] = v;
    else other[k] = v;
  }
  return { ...settings, ...(Object.keys(other).length ? { other } : {}) } as NonNullable<SearchStateInput['config']>;
}

export function shinkaState(db: ShinkaDb | null, dbConfig: Json, programs: ProgramRecord[]): SearchStateInput {
  const config = configOf(dbConfig);
  const noCosts = 'no program records an LLM cost';
  if (!db) {
    const why = 'no usable evolution_db.sqlite: islands, migrations and costs live there';
    return {
      config,
      missing: {
        ...(Object.keys(config).length ? {} : { config: 'experiment_config.yaml has no database_config' }),
        islands: why, migrations: why, costs: why, tokens: why, counters: why,
        clusters: 'ShinkaEvolve does not cluster programs by scores_per_test',
        resets: 'ShinkaEvolve does not reset islands',
        featureMaps: 'ShinkaEvolve keeps no MAP-Elites grid',
      },
    };
  }
  const scoreOf = new Map(programs.map((p) => [p.externalId, p.valid && p.score != null ? p.score : null]));
  const rows = [...db.programs].sort((a, b) => (a.generation ?? 0) - (b.generation ?? 0) || (a.timestamp ?? 0) - (b.timestamp ?? 0));
  const lastGen = rows.reduce<number | null>((m, r) => (r.generation != null && (m == null || r.generation > m) ? r.generation : m), null);
  const lastTime = rows.reduce<number | null>((m, r) => (r.timestamp != null && (m == null || r.timestamp > m) ? r.timestamp : m), null);

  const islandIds = [...new Set(rows.map((r) => r.islandIdx).filter((i): i is number => i != null && i >= 0))].sort((a, b) => a - b);
  const islands = islandIds.map((island) => {
    const members = rows.filter((r) => r.islandIdx === island);
    let best: { id: string; score: number } | null = null;
    for (const m of members) {
      const s = scoreOf.get(m.id);
      if (s != null && (!best || s > best.score)) best = { id: m.id, score: s };
    }
    return { island, size: members.length, bestScore: best?.score ?? null, bestProgram: best?.id ?? null, programs: members.map((m) => m.id) };
  });
  const at = { ...(lastGen != null ? { iteration: lastGen } : {}), ...(lastTime != null ? { timestamp: lastTime } : {}) };
  const snapshots = islands.length && Object.keys(at).length ? [{ at, kind: 'final', islands }] : [];

  const events: SearchEvent[] = [];
  for (const r of rows) {
    for (const h of r.migrationHistory) {
      const to = num(h.to);
      const gen = num(h.generation);
      const ts = num(h.timestamp);
      if (to == null || to < 0 || !Number.isInteger(to) || (gen == null && ts == null)) continue;
      const from = num(h.from);
      events.push({
        kind: 'migration',
        at: { ...(gen != null && Number.isInteger(gen) ? { iteration: gen } : {}), ...(ts != null ? { timestamp: ts } : {}) } as { iteration?: number; timestamp?: number },
        fromIsland: from != null && Number.isInteger(from) && from >= 0 ? from : null,
        toIsland: to,
        program: r.id,
      });
    }
  }

  const counters: CounterSample[] = [];
  let cost = 0, input = 0, output = 0;
  let anyCost = false, anyInput = false, anyOutput = false;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const meta = r.metadata;
    const llm = isObject(meta.llm_result) ? meta.llm_result : {};
    for (const c of [num(meta.api_costs) ?? num(llm.cost), ...EXTRA_COSTS.map((k) => num(meta[k]))]) {
      if (c != null) [cost, anyCost] = [cost + c, true];
    }
    if (Number.isInteger(llm.input_tokens)) [input, anyInput] = [input + (llm.input_tokens as number), true];
    if (Number.isInteger(llm.output_tokens)) [output, anyOutput] = [output + (llm.output_tokens as number), true];
    const endOfGeneration = i === rows.length - 1 || rows[i + 1].generation !== r.generation;
    if (!endOfGeneration || (!anyCost && !anyInput && !anyOutput) || (r.generation == null && r.timestamp == null)) continue;
    counters.push({
      at: { ...(r.generation != null ? { iteration: r.generation } : {}), ...(r.timestamp != null ? { timestamp: r.timestamp } : {}) },
      values: {
        ...(anyCost ? { cumulative_cost: cost } : {}),
        ...(anyInput ? { cumulative_input_tokens: input } : {}),
        ...(anyOutput ? { cumulative_output_tokens: output } : {}),
      },
    });
  }

  const missing: Record<string, string> = {
    clusters: 'ShinkaEvolve does not cluster programs by scores_per_test',
    resets: 'ShinkaEvolve does not reset islands',
    featureMaps: 'ShinkaEvolve keeps no MAP-Elites grid',
  };
  if (!Object.keys(config).length) missing.config = 'experiment_config.yaml has no database_config';
  if (snapshots.length) missing.islands = 'the database keeps each program\'s current island only: membership before the last migration is not recorded';
  else missing.islands = 'no database row has an island';
  if (!events.length) missing.migrations = 'no database row has a migration_history entry';
  if (!anyCost) missing.costs = noCosts;
  if (!anyInput || !anyOutput) missing.tokens = !anyInput && !anyOutput ? 'no program records token counts' : `no program records ${anyInput ? 'output' : 'input'} tokens`;
  if (!counters.length) missing.counters = 'no program records a cost or token count';
  return { config, snapshots, events, counters, missing };
}

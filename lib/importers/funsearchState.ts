// The search state a FunSearch JSON export holds (issue 12): the programs database's settings,
// each island's final state and the run's final sample counts. Nothing else is in the export,
// and `missing` says so part by part.
//
// Mapping (the export's islands[k] = { improvements, successCount, failureCount }):
//  - config: num_islands, reset_period, cluster_sampling_temperature_init,
//    cluster_sampling_temperature_period, functions_per_prompt from the file's config, when numbers.
//  - one snapshot (kind 'improvement') at each runIndex where some island improved: every island
//    that has improved by then, with its best so far (an island's improvements are its
//    best-so-far trajectory: each beats the one before). Size null. This is the export's
//    per-island trajectory, on the programs' iteration scale, nothing interpolated.
//  - one snapshot, kind 'final', at iteration = highestRunIndex (the largest runIndex, the
//    programs' iteration scale) and timestamp = the run file's timestamp. Per island: bestScore
//    and bestProgram (the best improvement; the first to reach it), size null (the export keeps
//    improvements, not the island's members), counters { successCount, failureCount, improvements }.
//  - one counter sample at the same moment, in the seed's names:
//      iterations          = sum(successCount + failureCount): every sample was generated,
//                            evaluated and its result processed, which is the seed's "completed
//                            evolutionary cycle" whether the evaluation succeeded or not;
//      execution_failed    = sum(failureCount): samples whose execution failed or timed out;
//      total_stored_programs = sum(successCount): this FunSearch family registers every sample
//                            that executed successfully on its island and has no deduplication,
//                            so "executed successfully and passed deduplication" is every success.
//    duplicates, version mismatches, prompt kinds, CPU/GPU time, tokens and cost are not counted
//    by the export and stay absent.
import { searchConfigSchema, type SearchStateInput } from '../trace/searchState';

export interface FunSearchImprovement {
  island: number;
  runIndex: number;
  score: number | null;
  program: string;
}

export interface FunSearchIsland {
  index: number;
  successCount: number;
  failureCount: number;
  improvements: number;
  bestScore: number | null;
  bestProgram: string | null;
}

const DB_KEYS = [
  'num_islands', 'reset_period', 'cluster_sampling_temperature_init', 'cluster_sampling_temperature_period', 'functions_per_prompt',
] as const;

export function funSearchState(
  config: Record<string, unknown>,
  islands: FunSearchIsland[],
  at: { iteration: number | null; timestamp: number | null },
  improvements: FunSearchImprovement[] = [],
): SearchStateInput {
  const settings: Record<string, unknown> = {};
  const other: Record<string, unknown> = {};
  // A setting the contract cannot hold (num_islands 0, a fractional period) is kept verbatim under `other`.
  for (const k of DB_KEYS) {
    if (config[k] == null) continue;
    (searchConfigSchema.safeParse({ [k]: config[k] }).success ? settings : other)[k] = config[k];
  }
  if (Object.keys(other).length) settings.other = other;
  const moment = { iteration: at.iteration, timestamp: at.timestamp, ...(at.iteration == null && at.timestamp == null ? { stored: 0 } : {}) };
  const success = islands.reduce((s, i) => s + i.successCount, 0);
  const failure = islands.reduce((s, i) => s + i.failureCount, 0);
  return {
    config: settings,
    snapshots: [
      ...trajectory(improvements),
      {
        at: moment,
        kind: 'final',
        islands: islands.map((i) => ({
          island: i.index,
          size: null,
          bestScore: i.bestScore,
          bestProgram: i.bestProgram,
          counters: { successCount: i.successCount, failureCount: i.failureCount, improvements: i.improvements },
        })),
      },
    ],
    counters: [{ at: moment, values: { iterations: success + failure, execution_failed: failure, total_stored_programs: success } }],
    missing: {
      islands: 'the export keeps each island\'s improvements and final counts only: island sizes and membership over time are not recorded',
      clusters: 'the export keeps no clusters and no scores_per_test (improvements carry one aggregate score)',
      resets: 'island resets are not recorded in the export',
      migrations: 'FunSearch islands exchange programs only through resets; the export records none',
      costs: 'the export records no LLM cost',
      tokens: 'the export records no token counts',
      featureMaps: 'FunSearch keeps no MAP-Elites grid',
    },
  };
}

/** Snapshots of each island's best so far at every runIndex where one improved. */
function trajectory(improvements: FunSearchImprovement[]) {
  const sorted = [...improvements].filter((i) => i.score != null).sort((a, b) => a.runIndex - b.runIndex || a.island - b.island);
  const best = new Map<number, { score: number; program: string }>();
  const out = [];
  for (let k = 0; k < sorted.length; ) {
    const runIndex = sorted[k].runIndex;
    for (; k < sorted.length && sorted[k].runIndex === runIndex; k++) {
      const imp = sorted[k];
      const known = best.get(imp.island);
      if (!known || imp.score! > known.score) best.set(imp.island, { score: imp.score!, program: imp.program });
    }
    out.push({
      at: { iteration: runIndex },
      kind: 'improvement',
      islands: [...best].sort((a, b) => a[0] - b[0]).map(([island, b]) => ({ island, size: null, bestScore: b.score, bestProgram: b.program })),
    });
  }
  return out;
}

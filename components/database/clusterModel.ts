// PREPARE: one island's clusters at one moment, as the database page shows them (issue 12).
// The numbers come from lib/analysis/programsDatabase (the seed's definitions); this file only
// decides which inputs the stored snapshot gives them: the temperature the source stated, else
// the cyclic schedule at the island's stored-since-reset count, and the clusters as the source
// grouped them (their own score when stated, else FunSearch's reduction of scores_per_test).
import { clusterProbabilities, reduceScore, withinClusterProbabilities, type ScoresPerTest } from '@/lib/analysis/programsDatabase/clusters';
import { temperatureAt } from '@/lib/analysis/programsDatabase/temperature';
import type { SearchStateResponse, SnapshotResponse } from '@/lib/contracts/api/searchStateSchemas';

type Island = SnapshotResponse['islands'][number];
type Config = NonNullable<SearchStateResponse['config']>;

export type IslandTemperature = {
  /** null: neither a stated temperature nor a schedule to compute one from. */
  temperature: number | null;
  /** 'stated': the snapshot recorded it; 'schedule': computed from storedSinceReset and the config. */
  source: 'stated' | 'schedule' | null;
  /** The schedule's clock: programs stored on the island since its last reset (null: unknown). */
  n: number | null;
  cyclic: boolean;
  /** Why there is no temperature, in words the page shows. */
  why: string | null;
};

export function islandTemperature(island: Island, config: Config | null): IslandTemperature {
  const init = config?.cluster_sampling_temperature_init;
  const period = config?.cluster_sampling_temperature_period ?? null;
  const cyclic = typeof period === 'number' && period >= 1;
  const n = island.storedSinceReset ?? null;
  if (typeof island.temperature === 'number') return { temperature: island.temperature, source: 'stated', n, cyclic, why: null };
  if (typeof init !== 'number') return { temperature: null, source: null, n, cyclic, why: 'the source states neither this temperature nor cluster_sampling_temperature_init' };
  if (n === null) return { temperature: null, source: null, n, cyclic, why: 'the source does not record how many programs the island stored since its last reset' };
  return { temperature: temperatureAt(n, { init, period }).temperature, source: 'schedule', n, cyclic: temperatureAt(n, { init, period }).cyclic, why: null };
}

export type ClusterProgramRow = { externalId: string; programId: string | null; length: number | null; probability: number | null };
export type ClusterRow = {
  index: number;
  score: number;
  /** 'stated': the source's own cluster score; 'reduced': the last test's score (FunSearch). */
  scoreSource: 'stated' | 'reduced';
  size: number;
  scoresPerTest: Record<string, unknown>;
  probability: number | null;
  programs: ClusterProgramRow[];
  /** Why the within-cluster probabilities are absent or uniform (null: computed normally). */
  programsNote: string | null;
};

export type ClusterTable = {
  temperature: IslandTemperature;
  clusters: ClusterRow[];
  /** null: clusters not recorded for this island at this moment. */
  recorded: boolean;
  fallback: string | null;
  promptSkipped: boolean;
  fewerClustersThanNeeded: boolean;
  functionsPerPrompt: number | null;
};

function numericScores(s: Record<string, unknown>): ScoresPerTest {
  const out: ScoresPerTest = {};
  for (const [k, v] of Object.entries(s)) out[k] = typeof v === 'number' ? v : Number.NaN;
  return out;
}

/** Clusters at or below this probability cannot be drawn (the seed's implementation: 1e-6). */
const MIN_PROBABILITY = 1e-6;

export function clusterTable(island: Island, config: Config | null, lengths: Record<string, number>, programIds: Record<string, string> = {}): ClusterTable {
  const temperature = islandTemperature(island, config);
  const functionsPerPrompt = config?.functions_per_prompt ?? null;
  const source = island.clusters;
  if (!source) return { temperature, clusters: [], recorded: false, fallback: null, promptSkipped: false, fewerClustersThanNeeded: false, functionsPerPrompt };
  const scored = source.map((c) => ({
    c,
    score: typeof c.score === 'number' ? c.score : reduceScore(numericScores(c.scoresPerTest)),
    scoreSource: typeof c.score === 'number' ? ('stated' as const) : ('reduced' as const),
  }));
  const soft = temperature.temperature === null ? null : clusterProbabilities(scored, temperature.temperature);
  const clusters = scored.map(({ c, score, scoreSource }, index): ClusterRow => {
    const known = c.programs.map((id) => lengths[id]);
    const allKnown = known.every((l) => typeof l === 'number');
    const within = allKnown && known.length ? withinClusterProbabilities(known as number[]) : null;
    return {
      index,
      score,
      scoreSource,
      size: c.programs.length,
      scoresPerTest: c.scoresPerTest,
      probability: soft ? soft.probs[index] : null,
      programs: c.programs.map((id, j) => ({ externalId: id, programId: programIds[id] ?? null, length: known[j] ?? null, probability: within ? within.probs[j] : null })),
      programsNote: !allKnown ? 'some programs of this cluster are not in the run, so their lengths are unknown' : within?.fallback ? `uniform fallback: ${within.reason}` : null,
    };
  });
  const eligible = soft ? soft.probs.filter((p) => p > MIN_PROBABILITY).length : clusters.length;
  return {
    temperature,
    clusters,
    recorded: true,
    fallback: soft?.fallback ? `softmax fell back to uniform: ${soft.reason}` : null,
    promptSkipped: clusters.length === 0,
    fewerClustersThanNeeded: clusters.length > 0 && eligible < (functionsPerPrompt ?? 2),
    functionsPerPrompt,
  };
}

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The clusters shown, one row per program (cluster columns repeated), for a spreadsheet. */
export function clustersCsv(table: ClusterTable, island: number, seq: number): string {
  const head = ['snapshot', 'island', 'temperature', 'cluster', 'cluster_score', 'cluster_size', 'cluster_probability', 'scores_per_test', 'program', 'length', 'program_probability'];
  const rows = table.clusters.flatMap((c) =>
    (c.programs.length ? c.programs : [null]).map((p) =>
      [seq, island, table.temperature.temperature, c.index, c.score, c.size, c.probability, JSON.stringify(c.scoresPerTest), p?.externalId ?? null, p?.length ?? null, p?.probability ?? null].map(csvCell).join(','),
    ),
  );
  return [head.join(','), ...rows].join('\n') + '\n';
}

/**
 * Whether the clusters section applies to a run at all (issue 24: OpenEvolve runs were warned in
 * red that clusters were not recorded). FunSearch-style databases cluster programs by
 * scores_per_test: recorded clusters or their sampling settings say so, and their absence is then
 * a gap. A MAP-Elites grid, or a source stating that it keeps no clusters, means the section does
 * not apply: a neutral note, not an error.
 */
export function clustersApply(config: Config | null, snapshot: Pick<SnapshotResponse, 'islands'>, missing: string | null): boolean {
  if (snapshot.islands.some((i) => i.clusters?.length)) return true;
  if (config?.cluster_sampling_temperature_init !== undefined || config?.functions_per_prompt !== undefined) return true;
  if (config?.feature_dimensions?.length || snapshot.islands.some((i) => i.featureMap)) return false;
  return !(missing && /does not cluster|not clusters of programs|keeps no clusters of programs/i.test(missing));
}

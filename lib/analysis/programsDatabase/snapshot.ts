// What the database page shows for one island at one moment: the schedule's temperature there,
// every cluster with its sampling probability at that temperature, and each cluster's programs
// with their within-cluster probabilities. Prepared here, drawn by the page (STYLE: prepare,
// then draw). The inputs are the programs the island held at that moment, in the order they
// were stored (after its last reset); n, the schedule's program count, is how many there are
// unless the source recorded its own count (FunSearch counts every registration).

import {
  clusterProbabilities,
  groupClusters,
  withinClusterProbabilities,
  type DbProgram,
  type LengthNormalisation,
  type ReduceMode,
  type ScoresPerTest,
} from './clusters';
import { temperatureAt, type TemperatureAt, type TemperatureSchedule } from './temperature';

export type SnapshotOptions = {
  reduce?: ReduceMode;
  lengthNormalisation?: LengthNormalisation;
  /** The island's stored-program count if the source recorded it; else programs.length. */
  storedCount?: number;
  /** Clusters at or below this probability cannot be drawn (seed implementation 1e-6). */
  minProbability?: number;
  functionsPerPrompt?: number;
};

export type ClusterView = {
  key: string;
  score: number;
  scoresPerTest: ScoresPerTest;
  size: number;
  probability: number;
  eligible: boolean;
  programs: { id: string; length: number; probability: number }[];
  /** Set when this cluster's own length softmax fell back to uniform. */
  programsFallback: string | null;
};

export type IslandSnapshot = {
  n: number;
  schedule: TemperatureAt;
  clusters: ClusterView[];
  fallback: 'uniform' | null;
  fallbackReason: string | null;
  /** The seed's edge cases as they stand at this moment, for a next prompt from this island. */
  promptSkipped: boolean;
  fewerClustersThanNeeded: boolean;
};

export function islandSnapshot(programs: readonly DbProgram[], schedule: TemperatureSchedule, opts: SnapshotOptions = {}): IslandSnapshot {
  const n = opts.storedCount ?? programs.length;
  const at = temperatureAt(n, schedule);
  const clusters = groupClusters(programs, { reduce: opts.reduce });
  const soft = clusterProbabilities(clusters, at.temperature);
  const minProbability = opts.minProbability ?? 1e-6;
  const views = clusters.map((c, i): ClusterView => {
    const within = withinClusterProbabilities(c.lengths, opts.lengthNormalisation);
    return {
      key: c.key,
      score: c.score,
      scoresPerTest: c.scoresPerTest,
      size: c.programs.length,
      probability: soft.probs[i],
      eligible: soft.probs[i] > minProbability,
      programs: c.programs.map((p, j) => ({ id: p.id, length: c.lengths[j], probability: within.probs[j] })),
      programsFallback: within.reason,
    };
  });
  const eligible = views.filter((v) => v.eligible).length;
  return {
    n,
    schedule: at,
    clusters: views,
    fallback: soft.fallback,
    fallbackReason: soft.reason,
    promptSkipped: clusters.length === 0,
    fewerClustersThanNeeded: clusters.length > 0 && eligible < (opts.functionsPerPrompt ?? 2),
  };
}

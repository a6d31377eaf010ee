// Clusters of one island and their sampling probabilities. Seed 002: "Within each island,
// priority functions are grouped by identical scores_per_test. Each cluster stores: score:
// Aggregate score (used for sampling weight), scores_per_test, programs". "Clusters are sampled
// with probability proportional to their scores using softmax", at the temperature of the
// schedule (temperature.ts). "Within each cluster, shorter functions are preferred:
// probs = softmax(-normalized_lengths)".
//
// Where the seed is silent:
// - The key (FunSearch's `_get_signature`): the per-test scores in sorted test order. Here the
//   test names go into the key too, so two programs scored on different test sets never share
//   a cluster; within one run every program has the same tests, so this groups exactly as
//   FunSearch does. Test names sort numerically where they hold numbers ("(10, 1)" after
//   "(6, 1)"), like Python's tuple order.
// - The score (DeepMind FunSearch's `_reduce_score`): the score of the LAST test in the order
//   the scores were recorded (`'last'`, the default). The seed implementation configures it
//   ("last" there is the largest instance size, the same test when scores are recorded in
//   ascending size; "average", "weighted", "relative_difference"); `'mean'` (its "average") is
//   offered. A program's own `score`, when the source recorded one, wins over both. The
//   cluster keeps the score of the program that created it, as FunSearch's Cluster does.
// - The length: FunSearch's len(str(program)), the characters of the function's text (code
//   points, as Python counts), unless the source gives a length.
// - The length normalisation: the seed implementation's (len - min) / (max - min + 1e-6)
//   (`'range'`, the default: the shortest program scores 0, the longest ~1 whatever the sizes).
//   DeepMind's FunSearch divides by (max + 1e-6) instead (`'max'`), which flattens the
//   preference when all programs are long; both are offered, the page says which it shows.

import { pyLen } from '../pyText';
import { softmax, type SoftmaxResult } from './softmax';

export type ScoresPerTest = Record<string, number>;

/** A stored program as the database sees it. */
export type DbProgram = {
  id: string;
  scoresPerTest: ScoresPerTest;
  /** The source's own aggregate score, when it recorded one. */
  score?: number | null;
  /** Characters of the function text; computed from `code` when absent. */
  length?: number | null;
  code?: string | null;
  /** Hash of the program's outputs (behaviour), when the source recorded one. */
  outputHash?: string | null;
};

export type Cluster = {
  key: string;
  score: number;
  scoresPerTest: ScoresPerTest;
  programs: DbProgram[];
  lengths: number[];
};

export type ReduceMode = 'last' | 'mean';
export type LengthNormalisation = 'range' | 'max';

const collator = new Intl.Collator('en', { numeric: true });

/** Test names in FunSearch's sorted order (numbers inside names compared as numbers). */
export function sortedTests(scoresPerTest: ScoresPerTest): string[] {
  return Object.keys(scoresPerTest).sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The cluster key: identical scores_per_test give identical keys, whatever the key order. */
export function signatureKey(scoresPerTest: ScoresPerTest): string {
  // String(v), not JSON: JSON writes NaN and +-Infinity all as null, which would merge them.
  return sortedTests(scoresPerTest)
    .map((t) => `${JSON.stringify(t)}:${Object.is(scoresPerTest[t], -0) ? '0' : String(scoresPerTest[t])}`)
    .join(',');
}

/** FunSearch's reduction: the last recorded test's score ('last') or the mean. NaN for no tests
 * (FunSearch would raise); the cluster softmax then falls back to uniform and says so. */
export function reduceScore(scoresPerTest: ScoresPerTest, mode: ReduceMode = 'last'): number {
  const values = Object.values(scoresPerTest);
  if (!values.length) return Number.NaN;
  if (mode === 'last') return values[values.length - 1];
  return values.reduce((s, v) => s + v, 0) / values.length;
}

export function programLength(program: DbProgram): number {
  if (typeof program.length === 'number') return program.length;
  if (typeof program.code === 'string') return pyLen(program.code);
  throw new Error(`program ${program.id} has neither a length nor code`);
}

/** Groups one island's programs into clusters, in the order each cluster first appeared
 * (FunSearch keeps them in a dict, so its cluster order is first-registration order too). */
export function groupClusters(programs: readonly DbProgram[], opts: { reduce?: ReduceMode } = {}): Cluster[] {
  const byKey = new Map<string, Cluster>();
  for (const p of programs) {
    const key = signatureKey(p.scoresPerTest);
    let c = byKey.get(key);
    if (!c) {
      const score = typeof p.score === 'number' ? p.score : reduceScore(p.scoresPerTest, opts.reduce);
      c = { key, score, scoresPerTest: p.scoresPerTest, programs: [], lengths: [] };
      byKey.set(key, c);
    }
    c.programs.push(p);
    c.lengths.push(programLength(p));
  }
  return [...byKey.values()];
}

/** Probability of sampling each cluster: softmax(cluster scores / T), uniform on failure. */
export function clusterProbabilities(clusters: readonly Pick<Cluster, 'score'>[], temperature: number): SoftmaxResult {
  return softmax(
    clusters.map((c) => c.score),
    temperature,
  );
}

export const LENGTH_EPSILON = 1e-6;

/** (len - min) / (max - min + 1e-6) ('range') or (len - min) / (max + 1e-6) ('max'). */
export function normaliseLengths(lengths: readonly number[], mode: LengthNormalisation = 'range'): number[] {
  if (!lengths.length) return [];
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  const denominator = (mode === 'range' ? max - min : max) + LENGTH_EPSILON;
  return lengths.map((l) => (l - min) / denominator);
}

/** Probability of taking each program of a cluster: softmax(-normalised lengths) at T = 1 (both
 * FunSearch and the seed implementation use T = 1 here; the cluster temperature does not apply).
 * Equal lengths give a uniform choice, as the seed implementation's explicit branch does. */
export function withinClusterProbabilities(
  lengths: readonly number[],
  mode: LengthNormalisation = 'range',
): SoftmaxResult & { normalised: number[] } {
  const normalised = normaliseLengths(lengths, mode);
  return { ...softmax(normalised.map((x) => -x), 1), normalised };
}

// Building one prompt's few-shot examples from an island's clusters, with the seed's edge cases:
//   | No clusters                 | Skip prompt        |
//   | Fewer clusters than needed  | Use all available  |
//   | Softmax fails               | Uniform fallback   |
//   | Duplicate few-shot examples | Flag and count     |
// The seed gives the cases, not the procedure; this follows the implementation the seed
// describes (an asynchronous fork of FunSearch) and says where DeepMind's FunSearch differs:
// - Clusters whose probability is <= 1e-6 are not eligible (seed implementation); the rest are
//   renormalised. DeepMind keeps every cluster (minProbability 0).
// - functions_per_prompt distinct clusters are drawn without replacement, one weighted draw
//   after another, each over the clusters not yet taken (seed implementation: numpy choice with
//   replace=False; its batched draw has the same purpose, not the same random stream).
//   DeepMind's FunSearch draws WITH replacement (`replace: true`), so one cluster can supply two
//   examples; it asks for min(#clusters, functions_per_prompt) draws.
// - Fewer eligible clusters than functions_per_prompt: every eligible cluster is used once and
//   the prompt is flagged `fewerClusters` (at a low temperature this is the usual case: with
//   scores 10 and 16 at T = 0.1 the weaker cluster has probability e^-60). With replacement,
//   flagged when the island has fewer clusters than functions_per_prompt (DeepMind then draws
//   only that many).
// - One program per chosen cluster, by the within-cluster preference for shorter programs.
// - Examples are ordered by ascending cluster score, so the best comes last, just before the
//   function the LLM writes (DeepMind's argsort of scores; the seed implementation meant to).
// - Duplicates: the seed implementation flags a prompt whose two examples have the same output
//   hash. Here any number of examples is checked: an example duplicates an earlier one when it
//   is the same program, has the same output hash, or the same normalised code; the prompt is
//   flagged when any does, and the duplicates are counted.

import { clusterProbabilities, withinClusterProbabilities, type Cluster, type LengthNormalisation } from './clusters';
import { normaliseCode } from './dedup';

/** Uniform in [0, 1); pass a seeded generator (lib/analysis/rng.ts) for a reproducible prompt. */
export type Random = () => number;

export type PromptOptions = {
  temperature: number;
  functionsPerPrompt: number;
  random: Random;
  replace?: boolean;
  /** Default 1e-6 without replacement (seed implementation), 0 with (DeepMind). */
  minProbability?: number;
  lengthNormalisation?: LengthNormalisation;
};

export type PromptExample = {
  clusterIndex: number;
  clusterKey: string;
  clusterScore: number;
  /** Probability the cluster had in the softmax (before the eligibility cut). */
  clusterProbability: number;
  programId: string;
  /** Probability of this program within its cluster. */
  programProbability: number;
  /** The program id of the earlier example this one duplicates, or null. */
  duplicateOf: string | null;
  duplicateBy: 'program' | 'outputHash' | 'code' | null;
};

export type PromptSample = {
  /** 'no clusters' when the island is empty: the prompt is skipped; null when it was built. */
  skipped: 'no clusters' | null;
  temperature: number;
  requested: number;
  clusterProbabilities: number[];
  fallback: 'uniform' | null;
  fallbackReason: string | null;
  /** Clusters above minProbability. */
  eligible: number;
  /** The prompt has fewer examples than functions_per_prompt: fewer eligible clusters (without
   * replacement: all were used once) or fewer clusters on the island (with replacement). */
  fewerClusters: boolean;
  examples: PromptExample[];
  /** Examples that duplicate an earlier example of the same prompt. */
  duplicates: number;
  flaggedDuplicate: boolean;
};

/** Index drawn from `probs` (summing to 1) with one uniform u in [0, 1). */
export function drawIndex(probs: readonly number[], u: number): number {
  let cumulative = 0;
  let lastPositive = -1;
  for (let i = 0; i < probs.length; i++) {
    if (probs[i] <= 0) continue;
    cumulative += probs[i];
    lastPositive = i;
    if (u < cumulative) return i;
  }
  // u fell past the last cumulative sum through rounding: the last possible index.
  if (lastPositive < 0) throw new Error('drawIndex: no positive probability');
  return lastPositive;
}

function normalised(weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => w / total);
}

function pickClusters(probs: number[], eligible: number[], k: number, replace: boolean, random: Random): number[] {
  const weights = eligible.map((i) => probs[i]);
  if (replace) return Array.from({ length: k }, () => eligible[drawIndex(normalised(weights), random())]);
  const chosen: number[] = [];
  const left = weights.slice();
  for (let draw = 0; draw < Math.min(k, eligible.length); draw++) {
    const j = drawIndex(normalised(left), random());
    chosen.push(eligible[j]);
    left[j] = 0;
  }
  return chosen;
}

export function samplePrompt(clusters: readonly Cluster[], opts: PromptOptions): PromptSample {
  const { temperature, functionsPerPrompt: requested, random } = opts;
  if (!Number.isInteger(requested) || requested < 1) throw new RangeError(`functions_per_prompt must be a positive integer, got ${requested}`);
  const replace = opts.replace ?? false;
  const minProbability = opts.minProbability ?? (replace ? 0 : 1e-6);
  const base = { temperature, requested, duplicates: 0, flaggedDuplicate: false, examples: [] as PromptExample[] };
  if (!clusters.length) {
    return { ...base, skipped: 'no clusters', clusterProbabilities: [], fallback: null, fallbackReason: null, eligible: 0, fewerClusters: false };
  }
  const soft = clusterProbabilities(clusters, temperature);
  let eligible = soft.probs.flatMap((p, i) => (p > minProbability ? [i] : []));
  // Only reachable with more than 1/minProbability clusters (the largest probability is at
  // least 1/n): the seed implementation cools the temperature and then samples uniformly.
  let fallback = soft.fallback;
  let fallbackReason = soft.reason;
  let probs = soft.probs;
  if (!eligible.length) {
    eligible = clusters.map((_, i) => i);
    probs = eligible.map(() => 1 / clusters.length);
    fallback = 'uniform';
    fallbackReason = `no cluster has a probability above ${minProbability}`;
  }
  const draws = replace ? Math.min(requested, clusters.length) : requested;
  const picked = pickClusters(probs, eligible, draws, replace, random);

  const examples: PromptExample[] = picked.map((ci) => {
    const c = clusters[ci];
    const within = withinClusterProbabilities(c.lengths, opts.lengthNormalisation);
    const pi = drawIndex(within.probs, random());
    return {
      clusterIndex: ci,
      clusterKey: c.key,
      clusterScore: c.score,
      clusterProbability: soft.probs[ci],
      programId: c.programs[pi].id,
      programProbability: within.probs[pi],
      duplicateOf: null,
      duplicateBy: null,
    };
  });
  // Stable sort: equal scores keep their draw order; a NaN score (a fallback case) counts as the
  // lowest, so the comparator stays consistent.
  const rank = (x: number) => (Number.isNaN(x) ? -Infinity : x);
  examples.sort((a, b) => {
    const x = rank(a.clusterScore);
    const y = rank(b.clusterScore);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const duplicates = markDuplicates(examples, clusters);
  return {
    ...base,
    skipped: null,
    clusterProbabilities: soft.probs,
    fallback,
    fallbackReason,
    eligible: eligible.length,
    // With replacement (DeepMind) the prompt is short only when the island has fewer clusters
    // than asked for ("place fewer programs into the prompt"); without, when fewer are eligible.
    fewerClusters: replace ? clusters.length < requested : eligible.length < requested,
    examples,
    duplicates,
    flaggedDuplicate: duplicates > 0,
  };
}

function markDuplicates(examples: PromptExample[], clusters: readonly Cluster[]): number {
  const seen = { program: new Map<string, string>(), outputHash: new Map<string, string>(), code: new Map<string, string>() };
  let duplicates = 0;
  for (const ex of examples) {
    const program = clusters[ex.clusterIndex].programs.find((p) => p.id === ex.programId)!;
    const keys: [keyof typeof seen, string | null][] = [
      ['program', program.id],
      ['outputHash', program.outputHash ?? null],
      ['code', typeof program.code === 'string' ? normaliseCode(program.code) : null],
    ];
    for (const [by, key] of keys) {
      if (key === null) continue;
      const earlier = seen[by].get(key);
      if (earlier !== undefined && ex.duplicateOf === null) {
        ex.duplicateOf = earlier;
        ex.duplicateBy = by;
      }
    }
    for (const [by, key] of keys) if (key !== null && !seen[by].has(key)) seen[by].set(key, program.id);
    if (ex.duplicateOf !== null) duplicates++;
  }
  return duplicates;
}

export type PromptTally = {
  prompts: number;
  skipped: number;
  fewerClusters: number;
  uniformFallback: number;
  flaggedDuplicate: number;
  duplicateExamples: number;
};

/** Counts of the edge cases over many prompts, for the counters panel. */
export function tallyPrompts(samples: readonly PromptSample[]): PromptTally {
  const t: PromptTally = { prompts: samples.length, skipped: 0, fewerClusters: 0, uniformFallback: 0, flaggedDuplicate: 0, duplicateExamples: 0 };
  for (const s of samples) {
    if (s.skipped) t.skipped++;
    if (s.fewerClusters) t.fewerClusters++;
    if (s.fallback) t.uniformFallback++;
    if (s.flaggedDuplicate) t.flaggedDuplicate++;
    t.duplicateExamples += s.duplicates;
  }
  return t;
}

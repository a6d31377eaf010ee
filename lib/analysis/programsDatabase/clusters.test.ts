import { describe, expect, it } from 'vitest';
import {
  clusterProbabilities,
  groupClusters,
  normaliseLengths,
  reduceScore,
  signatureKey,
  sortedTests,
  withinClusterProbabilities,
} from './clusters';
import { temperatureAt } from './temperature';

describe('clusters: grouping by identical scores_per_test', () => {
  it('gives one key to identical scores_per_test whatever the key order, another to different scores', () => {
    // The seed's example: {(6,1): 10, (7,1): 16}.
    expect(signatureKey({ '(7,1)': 16, '(6,1)': 10 })).toBe(signatureKey({ '(6,1)': 10, '(7,1)': 16 }));
    expect(signatureKey({ '(6,1)': 10, '(7,1)': 16 })).not.toBe(signatureKey({ '(6,1)': 10, '(7,1)': 14 }));
    // Same values on other tests are another cluster (FunSearch's values-only signature would merge them).
    expect(signatureKey({ a: 1 })).not.toBe(signatureKey({ b: 1 }));
    // NaN, -Infinity and null-like values stay apart (JSON would write all of them as null).
    expect(signatureKey({ a: Number.NaN })).not.toBe(signatureKey({ a: -Infinity }));
    expect(signatureKey({ a: -0 })).toBe(signatureKey({ a: 0 }));
  });

  it('sorts test names the way Python sorts tuples of numbers: (10, 1) after (7, 1)', () => {
    expect(sortedTests({ '(10, 1)': 0, '(6, 1)': 0, '(7, 1)': 0 })).toEqual(['(6, 1)', '(7, 1)', '(10, 1)']);
  });

  it("reduces a cluster's score to the last test's score (FunSearch) or the mean", () => {
    // {(6,1): 10, (7,1): 16}: last = 16, mean = (10 + 16) / 2 = 13.
    expect(reduceScore({ '(6,1)': 10, '(7,1)': 16 })).toBe(16);
    expect(reduceScore({ '(6,1)': 10, '(7,1)': 16 }, 'mean')).toBe(13);
    expect(reduceScore({})).toBeNaN();
  });

  it('groups programs into clusters in first-seen order, with lengths in code points', () => {
    const clusters = groupClusters([
      { id: 'a', scoresPerTest: { '(6,1)': 10, '(7,1)': 16 }, code: 'return 1' },
      { id: 'b', scoresPerTest: { '(6,1)': 10, '(7,1)': 14 }, length: 20 },
      // Same scores as 'a' written in the other order: same cluster; the cluster keeps a's score.
      { id: 'c', scoresPerTest: { '(7,1)': 16, '(6,1)': 10 }, code: "x = '😀'" },
      // A source's own score wins over the reduction.
      { id: 'd', scoresPerTest: { t: 1 }, score: 0.25, length: 5 },
    ]);
    expect(clusters.map((c) => c.programs.map((p) => p.id))).toEqual([['a', 'c'], ['b'], ['d']]);
    expect(clusters.map((c) => c.score)).toEqual([16, 14, 0.25]);
    // 'return 1' = 8 characters; "x = '😀'" = 7 code points (Python's len), 8 UTF-16 units.
    expect(clusters[0].lengths).toEqual([8, 7]);
    expect(() => groupClusters([{ id: 'e', scoresPerTest: { t: 1 } }])).toThrow('program e has neither a length nor code');
  });
});

describe('cluster sampling probabilities at the schedule temperature', () => {
  const two = [{ score: 0.5 }, { score: 0.7 }];

  it('differ between two moments of the schedule (init 0.1, period 30 000)', () => {
    // n = 0: T = 0.1; scores / T = [5, 7] -> [e^-2, 1] / (1 + e^-2) = [0.119202922, 0.880797078].
    const early = clusterProbabilities(two, temperatureAt(0, { init: 0.1, period: 30_000 }).temperature);
    expect(early.probs[0]).toBeCloseTo(0.119202922, 9);
    expect(early.probs[1]).toBeCloseTo(0.880797078, 9);
    // n = 15 000: T = 0.05; scores / T = [10, 14] -> [e^-4, 1] / (1 + e^-4);
    // e^-4 = 0.018315639, sum 1.018315639 -> [0.017986210, 0.982013790]: colder, greedier.
    const late = clusterProbabilities(two, temperatureAt(15_000, { init: 0.1, period: 30_000 }).temperature);
    expect(late.probs[0]).toBeCloseTo(0.01798621, 8);
    expect(late.probs[1]).toBeCloseTo(0.98201379, 8);
  });

  it("make the seed's example clusters 10 vs 16 at T = 0.1 all but deterministic", () => {
    // (10 - 16) / 0.1 = -60: [e^-60, 1] / (1 + e^-60); e^-60 = 8.7565e-27.
    const r = clusterProbabilities([{ score: 10 }, { score: 16 }], 0.1);
    expect(r.probs[0]).toBeCloseTo(8.7565e-27, 30);
    expect(r.probs[1]).toBe(1);
  });

  it('fall back to uniform, saying why, when a cluster has no score', () => {
    const r = clusterProbabilities(groupClusters([
      { id: 'a', scoresPerTest: {}, length: 1 },
      { id: 'b', scoresPerTest: { t: 3 }, length: 1 },
    ]), 0.1);
    expect(r).toEqual({ probs: [0.5, 0.5], fallback: 'uniform', reason: 'non-finite value(s): NaN' });
  });
});

describe('within-cluster preference for shorter programs: softmax(-normalised lengths)', () => {
  it('lengths [10, 20, 40] with the seed implementation normalisation (len - min) / (max - min + 1e-6)', () => {
    // normalised = [0, 10 / 30.000001, 30 / 30.000001] = [0, 0.333333, 0.999999967];
    // exp(-x) = [1, 0.716531, 0.367879]; sum 2.084411;
    // probabilities [1 / 2.084411, 0.716531 / 2.084411, 0.367879 / 2.084411] = [0.479752, 0.343757, 0.176491].
    const r = withinClusterProbabilities([10, 20, 40]);
    expect(r.normalised[1]).toBeCloseTo(1 / 3, 6);
    expect(r.normalised[2]).toBeCloseTo(1, 6);
    expect(r.probs[0]).toBeCloseTo(0.479752, 6);
    expect(r.probs[1]).toBeCloseTo(0.343757, 6);
    expect(r.probs[2]).toBeCloseTo(0.176491, 6);
    expect(r.fallback).toBeNull();
  });

  it("lengths [10, 20, 40] with DeepMind's normalisation (len - min) / (max + 1e-6)", () => {
    // normalised = [0, 10 / 40.000001, 30 / 40.000001] = [0, 0.25, 0.75];
    // exp(-x) = [1, 0.778801, 0.472367]; sum 2.251167 -> [0.444214, 0.345954, 0.209832].
    const r = withinClusterProbabilities([10, 20, 40], 'max');
    expect(r.normalised[1]).toBeCloseTo(0.25, 6);
    expect(r.normalised[2]).toBeCloseTo(0.75, 6);
    expect(r.probs[0]).toBeCloseTo(0.444214, 6);
    expect(r.probs[1]).toBeCloseTo(0.345954, 6);
    expect(r.probs[2]).toBeCloseTo(0.209832, 6);
  });

  it('equal lengths give a uniform choice; one program gets 1; no programs give nothing', () => {
    // Equal lengths normalise to [0, 0, 0]: softmax of zeros is 1/3 each.
    for (const p of withinClusterProbabilities([30, 30, 30]).probs) expect(p).toBeCloseTo(1 / 3, 15);
    expect(withinClusterProbabilities([30, 30, 30]).fallback).toBeNull();
    expect(withinClusterProbabilities([57]).probs).toEqual([1]);
    expect(normaliseLengths([])).toEqual([]);
  });

  it('falls back to uniform when a length is not a number', () => {
    const r = withinClusterProbabilities([10, Number.NaN]);
    expect(r.fallback).toBe('uniform');
    expect(r.probs).toEqual([0.5, 0.5]);
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../rng';
import { groupClusters, type DbProgram } from './clusters';
import { drawIndex, samplePrompt, tallyPrompts, type Random } from './prompt';

/** Replays the given uniforms in order, and fails the test if asked for more. */
function scripted(...us: number[]): Random {
  return () => {
    const u = us.shift();
    if (u === undefined) throw new Error('asked for more random numbers than scripted');
    return u;
  };
}

const never: Random = () => {
  throw new Error('no draw expected');
};

// Three clusters: A scores 0.5 (a1, 10 chars), B 0.7 (b1 10 chars, b2 40 chars), C 0.6 (c1).
const island: DbProgram[] = [
  { id: 'a1', scoresPerTest: { t: 0.5 }, length: 10 },
  { id: 'b1', scoresPerTest: { t: 0.7 }, length: 10 },
  { id: 'c1', scoresPerTest: { t: 0.6 }, length: 25 },
  { id: 'b2', scoresPerTest: { t: 0.7 }, length: 40 },
];

describe('samplePrompt: the few-shot examples of one prompt', () => {
  it('draws two distinct clusters and one program each, worked by hand at T = 0.1', () => {
    // Cluster probabilities: scores / 0.1 = [5, 7, 6] -> minus max [-2, 0, -1]
    // -> exp [0.135335, 1, 0.367879], sum 1.503215 -> A 0.090031, B 0.665241, C 0.244728.
    // Draw 1, u = 0.5: cumulative 0.090031 (A), 0.755272 (B) -> B.
    // Draw 2 over A and C only: [0.090031, 0.244728] / 0.334759 = [0.268941, 0.731059]; u = 0.5 -> C.
    // Program in B: lengths [10, 40] -> normalised [0, 0.99999997] -> softmax(-x) = [0.731059, 0.268941];
    // u = 0.8 is past 0.731059 -> b2. Program in C: one program, u = 0 -> c1.
    // Order by ascending cluster score: C (0.6), then B (0.7).
    const clusters = groupClusters(island);
    const s = samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 2, random: scripted(0.5, 0.5, 0.8, 0) });
    expect(s.skipped).toBeNull();
    expect(s.clusterProbabilities[0]).toBeCloseTo(0.090031, 6);
    expect(s.clusterProbabilities[1]).toBeCloseTo(0.665241, 6);
    expect(s.clusterProbabilities[2]).toBeCloseTo(0.244728, 6);
    expect(s.examples.map((e) => e.programId)).toEqual(['c1', 'b2']);
    expect(s.examples[0].programProbability).toBe(1);
    expect(s.examples[1].programProbability).toBeCloseTo(0.268941, 6);
    expect(s.examples[1].clusterProbability).toBeCloseTo(0.665241, 6);
    expect(s).toMatchObject({ eligible: 3, fewerClusters: false, fallback: null, duplicates: 0, flaggedDuplicate: false });
  });

  it('draws clusters as often as their probabilities say (20 000 seeded prompts)', () => {
    const clusters = groupClusters(island);
    const rng = new Rng(12);
    const first = new Map<string, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      // One example per prompt: the cluster draw alone, at the probabilities worked above.
      const s = samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 1, random: () => rng.next() });
      const id = s.examples[0].clusterKey;
      first.set(id, (first.get(id) ?? 0) + 1);
    }
    const freq = clusters.map((c) => (first.get(c.key) ?? 0) / n);
    // Within 4 standard errors sqrt(p (1 - p) / n) (0.0033 for B) of the worked probabilities.
    [0.090031, 0.665241, 0.244728].forEach((p, i) => {
      expect(Math.abs(freq[i] - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    });
  });

  it('no clusters: the prompt is skipped, nothing is drawn', () => {
    const s = samplePrompt([], { temperature: 0.1, functionsPerPrompt: 2, random: never });
    expect(s).toMatchObject({ skipped: 'no clusters', examples: [], eligible: 0, fewerClusters: false, duplicates: 0 });
  });

  it('fewer clusters than functions_per_prompt: all of them are used once, and flagged', () => {
    const one = groupClusters([{ id: 'x', scoresPerTest: { t: 1 }, length: 5 }]);
    const s = samplePrompt(one, { temperature: 0.1, functionsPerPrompt: 2, random: scripted(0.3, 0.3) });
    expect(s.examples.map((e) => e.programId)).toEqual(['x']);
    expect(s).toMatchObject({ fewerClusters: true, eligible: 1, requested: 2 });
  });

  it('with replacement (DeepMind), fewer clusters than asked: only that many draws, flagged', () => {
    const one = groupClusters([{ id: 'x', scoresPerTest: { t: 1 }, length: 5 }]);
    const s = samplePrompt(one, { temperature: 0.1, functionsPerPrompt: 2, replace: true, random: scripted(0.3, 0.3) });
    expect(s.examples.map((e) => e.programId)).toEqual(['x']);
    expect(s).toMatchObject({ fewerClusters: true, eligible: 1, duplicates: 0 });
  });

  it('orders examples by ascending cluster score, a NaN score first', () => {
    const clusters = groupClusters([
      { id: 'hi', scoresPerTest: { t: 9 }, length: 5 },
      { id: 'nan', scoresPerTest: {}, length: 5 },
      { id: 'lo', scoresPerTest: { t: 1 }, length: 5 },
    ]);
    // Uniform fallback (NaN score); draws u = 0 -> hi, then 0 -> nan, then 0 -> lo.
    const s = samplePrompt(clusters, { temperature: 1, functionsPerPrompt: 3, random: scripted(0, 0, 0, 0, 0, 0) });
    expect(s.examples.map((e) => e.programId)).toEqual(['nan', 'lo', 'hi']);
  });

  it('a cold temperature leaves one eligible cluster (probability <= 1e-6 is cut): fewer clusters', () => {
    // The seed's scores 10 and 16 at T = 0.1: the weaker cluster has e^-60 = 8.8e-27 <= 1e-6.
    const clusters = groupClusters([
      { id: 'weak', scoresPerTest: { '(6,1)': 8, '(7,1)': 10 }, length: 5 },
      { id: 'strong', scoresPerTest: { '(6,1)': 10, '(7,1)': 16 }, length: 5 },
    ]);
    const s = samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 2, random: scripted(0.99, 0) });
    expect(s.examples.map((e) => e.programId)).toEqual(['strong']);
    expect(s).toMatchObject({ eligible: 1, fewerClusters: true, duplicates: 0 });

    // DeepMind's FunSearch draws with replacement from every cluster: both draws land on the
    // strong cluster, whose only program then appears twice: flagged and counted.
    const d = samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 2, replace: true, random: scripted(0.2, 0.9, 0, 0) });
    expect(d.examples.map((e) => e.programId)).toEqual(['strong', 'strong']);
    expect(d).toMatchObject({ eligible: 2, fewerClusters: false, duplicates: 1, flaggedDuplicate: true });
    expect(d.examples[1]).toMatchObject({ duplicateOf: 'strong', duplicateBy: 'program' });
  });

  it('softmax failure: clusters are drawn uniformly and the prompt says so', () => {
    // A cluster without per-test scores has score NaN: uniform [0.5, 0.5]; u = 0.6 -> the second.
    const clusters = groupClusters([
      { id: 'noscore', scoresPerTest: {}, length: 5 },
      { id: 'scored', scoresPerTest: { t: 3 }, length: 5 },
    ]);
    const s = samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 1, random: scripted(0.6, 0) });
    expect(s).toMatchObject({ fallback: 'uniform', fallbackReason: 'non-finite value(s): NaN', clusterProbabilities: [0.5, 0.5] });
    expect(s.examples.map((e) => e.programId)).toEqual(['scored']);
    const bad = samplePrompt(clusters.slice(1), { temperature: 0, functionsPerPrompt: 1, random: scripted(0, 0) });
    expect(bad.fallback).toBe('uniform');
  });

  it('duplicate few-shot examples from different clusters: same output hash, or same code up to blank lines', () => {
    const byHash = groupClusters([
      { id: 'p', scoresPerTest: { t: 1 }, length: 5, outputHash: 'h1' },
      { id: 'q', scoresPerTest: { t: 2 }, length: 5, outputHash: 'h1' },
    ]);
    const s = samplePrompt(byHash, { temperature: 1, functionsPerPrompt: 2, random: scripted(0, 0, 0, 0) });
    expect(s.examples.map((e) => e.programId)).toEqual(['p', 'q']);
    expect(s.examples[1]).toMatchObject({ duplicateOf: 'p', duplicateBy: 'outputHash' });
    expect(s).toMatchObject({ duplicates: 1, flaggedDuplicate: true });

    const byCode = groupClusters([
      { id: 'r', scoresPerTest: { t: 1 }, code: 'def f():\n  return 1\n' },
      { id: 's', scoresPerTest: { t: 2 }, code: 'def f():   \n\n  return 1' },
    ]);
    const c = samplePrompt(byCode, { temperature: 1, functionsPerPrompt: 2, random: scripted(0, 0, 0, 0) });
    expect(c.examples[1]).toMatchObject({ duplicateOf: 'r', duplicateBy: 'code' });

    const distinct = samplePrompt(groupClusters(island), { temperature: 1, functionsPerPrompt: 3, random: scripted(0, 0, 0, 0, 0, 0) });
    expect(distinct).toMatchObject({ duplicates: 0, flaggedDuplicate: false });
  });

  it('tallies the edge cases over prompts for the counters', () => {
    const clusters = groupClusters(island);
    const cold = groupClusters([
      { id: 'weak', scoresPerTest: { t: 10 }, length: 5 },
      { id: 'strong', scoresPerTest: { t: 16 }, length: 5 },
    ]);
    const samples = [
      samplePrompt([], { temperature: 0.1, functionsPerPrompt: 2, random: never }),
      samplePrompt(clusters, { temperature: 0.1, functionsPerPrompt: 2, random: scripted(0.5, 0.5, 0.8, 0) }),
      samplePrompt(cold, { temperature: 0.1, functionsPerPrompt: 2, random: scripted(0.5, 0) }),
      samplePrompt(cold, { temperature: 0.1, functionsPerPrompt: 2, replace: true, random: scripted(0.5, 0.5, 0, 0) }),
      samplePrompt(cold, { temperature: Number.NaN, functionsPerPrompt: 2, random: scripted(0.1, 0.1, 0, 0) }),
    ];
    expect(tallyPrompts(samples)).toEqual({ prompts: 5, skipped: 1, fewerClusters: 1, uniformFallback: 1, flaggedDuplicate: 1, duplicateExamples: 1 });
  });

  it('rejects functions_per_prompt below 1', () => {
    expect(() => samplePrompt([], { temperature: 1, functionsPerPrompt: 0, random: never })).toThrow(RangeError);
  });
});

describe('drawIndex', () => {
  it('walks the cumulative sums and skips zero-probability entries', () => {
    expect(drawIndex([0.25, 0.25, 0.5], 0)).toBe(0);
    expect(drawIndex([0.25, 0.25, 0.5], 0.25)).toBe(1);
    expect(drawIndex([0.25, 0.25, 0.5], 0.9999)).toBe(2);
    // Rounding: u beyond the last cumulative sum returns the last possible index, not a zero one.
    expect(drawIndex([0.3, 0.3, 0], 0.99999)).toBe(1);
    expect(() => drawIndex([0, 0], 0.5)).toThrow('no positive probability');
  });
});

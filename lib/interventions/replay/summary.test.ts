import { describe, expect, it } from 'vitest';
import { medianOverTargets, normaliseWhitespace, outcomeClass, summariseReplay, trialFacts, type Reference } from './summary';

const original = 'def f():\n    return 1\n';
const ref: Reference = { originalSource: original, originalScore: 2, parentScore: 1.5, higherIsBetter: true };

describe('trial facts', () => {
  it('classifies outcomes as EvoReplay: better, similar within 0.001, beats the parent, worse, failed', () => {
    expect(outcomeClass(2.0011, ref)).toBe('better');
    expect(outcomeClass(2.0009, ref)).toBe('similar');
    expect(outcomeClass(1.9991, ref)).toBe('similar');
    expect(outcomeClass(1.6, ref)).toBe('beats-parent');
    expect(outcomeClass(1.5, ref)).toBe('worse');
    expect(outcomeClass(null, ref)).toBe('failed');
    const lower: Reference = { ...ref, originalScore: 10, parentScore: 12, higherIsBetter: false };
    expect(outcomeClass(9, lower)).toBe('better');
    expect(outcomeClass(11, lower)).toBe('beats-parent');
    expect(outcomeClass(13, lower)).toBe('worse');
  });

  it('exact is byte-identical; normalised ignores trailing spaces, blank lines and CRLF, not indentation', () => {
    const f = (source: string | null) => trialFacts({ variant: 'exact', trial: 0, source, format: 'diff', score: 2 }, ref);
    expect(f(original)).toMatchObject({ parsed: true, exact: true, normalisedExact: true, ratio: 1, outcome: 'similar' });
    expect(f('def f():  \r\n\r\n    return 1')).toMatchObject({ exact: false, normalisedExact: true });
    expect(f('def f():\n  return 1\n')).toMatchObject({ exact: false, normalisedExact: false });
    expect(f(null)).toMatchObject({ parsed: false, format: null, exact: false, normalisedExact: false });
    expect(normaliseWhitespace('a \r\n\n\tb\t\n')).toBe('a\n\tb');
  });
});

describe('summariseReplay', () => {
  it('computes the shares, the ratio of the mean and the sorted distribution by hand', () => {
    const rows = [
      { source: original, score: 2 },
      { source: original, score: 2 },
      { source: 'other', score: 3 },
      { source: 'other2', score: 1 },
      { source: 'raises', score: null },
      { source: null, score: null },
    ].map((r, trial) => trialFacts({ variant: 'no_history', trial, source: r.source, format: r.source ? 'diff' : null, score: r.score }, ref));
    const s = summariseReplay('no_history', rows, 2);
    expect(s.trials).toBe(6);
    expect(s.parseSuccess).toBeCloseTo(5 / 6, 12);
    expect(s.evalSuccess).toBeCloseTo(4 / 6, 12);
    expect(s.exactMatch).toBeCloseTo(2 / 6, 12);
    expect(s.normalisedMatch).toBeCloseTo(2 / 6, 12);
    // mean(2, 2, 3, 1) = 2 -> 2 / 2
    expect(s.scoreRatio).toBe(1);
    expect(s.ratios).toEqual([0.5, 1, 1, 1.5]);
    expect(s.scores).toEqual([2, 2, 3, 1, null, null]);
    expect(s.outcomes).toEqual({ better: 1, similar: 2, 'beats-parent': 0, worse: 1, failed: 2 });
  });

  it('has no ratio when nothing succeeded or the original is 0', () => {
    const f = trialFacts({ variant: 'exact', trial: 0, source: null, format: null, score: null }, ref);
    expect(summariseReplay('exact', [f], 2).scoreRatio).toBeNull();
    expect(summariseReplay('exact', [], 0)).toMatchObject({ trials: 0, parseSuccess: 0, scoreRatio: null });
  });

  it('takes the median over targets, leaving out targets without a ratio', () => {
    expect(medianOverTargets([0.9, null, 1.1, 0.5])).toBe(0.9);
    expect(medianOverTargets([1, 0.5, 0.8, 2])).toBe(0.9);
    expect(medianOverTargets([null])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { softmax } from './softmax';

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('softmax with temperature', () => {
  it('matches softmax([0.5, 0.7]) at T = 0.1 worked by hand', () => {
    // logits / T = [5, 7]; minus the max: [-2, 0]; exp: [e^-2, 1] = [0.135335283, 1];
    // sum 1.135335283; probabilities [0.135335283 / 1.135335283, 1 / 1.135335283]
    // = [0.119202922, 0.880797078] (the logistic function at -2 and +2).
    const r = softmax([0.5, 0.7], 0.1);
    expect(r.fallback).toBeNull();
    expect(r.reason).toBeNull();
    expect(r.probs[0]).toBeCloseTo(0.119202922, 9);
    expect(r.probs[1]).toBeCloseTo(0.880797078, 9);
  });

  it('is plain softmax at T = 1 and flattens as T grows', () => {
    // [0, ln 2, ln 3] at T = 1: exp = [1, 2, 3], sum 6 -> [1/6, 2/6, 3/6].
    const r = softmax([0, Math.log(2), Math.log(3)], 1);
    expect(r.probs[0]).toBeCloseTo(1 / 6, 12);
    expect(r.probs[1]).toBeCloseTo(2 / 6, 12);
    expect(r.probs[2]).toBeCloseTo(3 / 6, 12);
    // Same logits at T = 2: exp(x / 2) = [1, sqrt 2, sqrt 3]; sum 4.146264370 -> [0.241181, 0.341081, 0.417738].
    const hot = softmax([0, Math.log(2), Math.log(3)], 2);
    expect(hot.probs[0]).toBeCloseTo(0.241181, 6);
    expect(hot.probs[1]).toBeCloseTo(0.341081, 6);
    expect(hot.probs[2]).toBeCloseTo(0.417738, 6);
  });

  it('stays finite on logits whose exp overflows (stable: the max is subtracted first)', () => {
    // Cap-set sized scores at T = 0.1: 500 / 0.1 = 5000, exp(5000) = Infinity in a naive softmax.
    // Shifted: [-10, 0] -> [e^-10, 1] / (1 + e^-10) = [4.539787e-5, 0.9999546021].
    const r = softmax([499, 500], 0.1);
    expect(r.fallback).toBeNull();
    expect(r.probs[0]).toBeCloseTo(4.539787e-5, 10);
    expect(r.probs[1]).toBeCloseTo(0.9999546021, 10);
    // Far-apart scores underflow to exactly 0, they do not fail: (10 - 90) / 0.1 = -800 and
    // e^-800 is below the smallest double (about e^-745), so [e^-800, 1] -> [0, 1].
    expect(softmax([10, 90], 0.1).probs).toEqual([0, 1]);
  });

  it('sums to exactly 1 (the largest entry takes 1 - the rest, as FunSearch does)', () => {
    const r = softmax([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], 0.3);
    expect(sum(r.probs)).toBe(1);
  });

  it('equal logits give a uniform distribution that is not a fallback', () => {
    const r = softmax([3, 3, 3, 3], 0.1);
    expect(r.probs).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(r.fallback).toBeNull();
  });

  it('falls back to uniform on NaN, on +-Infinity, and when every logit is -Infinity, saying why', () => {
    const nan = softmax([1, Number.NaN, 2], 0.1);
    expect(nan.fallback).toBe('uniform');
    expect(nan.probs).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(nan.reason).toBe('non-finite value(s): NaN');

    const allNegInf = softmax([-Infinity, -Infinity], 1);
    expect(allNegInf.fallback).toBe('uniform');
    expect(allNegInf.probs).toEqual([0.5, 0.5]);
    expect(allNegInf.reason).toBe('non-finite value(s): -Infinity');

    // DeepMind's _softmax rejects any non-finite logit, a single -inf or +inf included.
    const mixed = softmax([Infinity, 0, -Infinity, 1], 1);
    expect(mixed.fallback).toBe('uniform');
    expect(mixed.probs).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(mixed.reason).toBe('non-finite value(s): Infinity, -Infinity');
  });

  it('falls back to uniform when the temperature is 0, negative or not finite', () => {
    for (const t of [0, -0.1, Number.NaN, Infinity]) {
      const r = softmax([0.5, 0.7], t);
      expect(r.fallback).toBe('uniform');
      expect(r.probs).toEqual([0.5, 0.5]);
      expect(r.reason).toBe(`temperature ${t} is not a positive finite number`);
    }
  });

  it('gives nothing for no logits (the caller decides what no clusters means)', () => {
    expect(softmax([], 0.1)).toEqual({ probs: [], fallback: null, reason: null });
  });

  it('a single logit gets probability 1', () => {
    expect(softmax([42], 0.01).probs).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { erf, erfc, normCdf, normPdf } from './normal';

// Reference values: tables of erf/erfc (Abramowitz & Stegun 7.1, to 16 digits as given by
// CPython's math.erf / math.erfc, which use Cody's algorithm).
const ERF: [number, number][] = [
  [0, 0],
  [0.1, 0.1124629160182849],
  [0.5, 0.5204998778130465],
  [1, 0.8427007929497149],
  [2, 0.9953222650189527],
  [3, 0.9999779095030014],
];
const ERFC: [number, number][] = [
  [0.5, 0.4795001221869535],
  [2.5, 4.069520174449590e-4],
  [3, 2.209049699858544e-5],
  [5, 1.537459794428035e-12],
  [10, 2.088487583762545e-45],
];

describe('normal distribution functions', () => {
  it('erf matches the tables to ~1e-15 and is odd', () => {
    for (const [x, v] of ERF) {
      expect(Math.abs(erf(x) - v)).toBeLessThan(2e-15);
      expect(erf(-x) + erf(x)).toBe(0);
    }
  });

  it('erfc keeps its relative accuracy in the tail (where 1 - erf would be all rounding)', () => {
    for (const [x, v] of ERFC) expect(Math.abs(erfc(x) - v) / v).toBeLessThan(1e-13);
    expect(Math.abs(erfc(-3) - (2 - 2.209049699858544e-5))).toBeLessThan(1e-15);
  });

  it('normCdf and normPdf: known quantiles, deep lower tail, symmetry', () => {
    expect(normCdf(0)).toBe(0.5);
    expect(Math.abs(normCdf(-1.959963984540054) - 0.025)).toBeLessThan(1e-15);
    // Phi(-10) = 7.619853024160593e-24: a crude 1 - Phi(10) would give 0.
    expect(Math.abs(normCdf(-10) / 7.619853024160593e-24 - 1)).toBeLessThan(1e-13);
    expect(Math.abs(normCdf(1.3) + normCdf(-1.3) - 1)).toBeLessThan(1e-15);
    expect(normPdf(0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
    expect(normPdf(1)).toBeCloseTo(Math.exp(-0.5) / Math.sqrt(2 * Math.PI), 15);
  });
});

import { describe, expect, it } from 'vitest';
import { fisherExactTwoSided, haldaneOddsRatio, woolfInterval } from './twoByTwo';

describe('2x2 statistics', () => {
  it('computes the corrected odds ratio, its Woolf interval and Fisher p of a table worked by hand', () => {
    // a=3 b=1 c=1 d=3.
    // OR = (3.5 * 3.5) / (1.5 * 1.5) = 12.25 / 2.25 = 5.444...
    // se = sqrt(1/3.5 + 1/1.5 + 1/1.5 + 1/3.5) = sqrt(1.904762) = 1.380131
    // CI = exp(ln 5.4444 -/+ 1.959964 * 1.380131) = exp(1.694596 -/+ 2.705007) = [0.364069, 81.4185]
    // Fisher: margins 4/4 of N = 8, P(x) = C(4,x) C(4,4-x) / C(8,4): x = 0..4 -> 1, 16, 36, 16, 1 (/70).
    // Observed x = 3 has 16/70; tables no more probable: x = 0, 1, 3, 4 -> (1+16+16+1)/70 = 34/70.
    // scipy 1.17 (this machine): fisher_exact([[3,1],[1,3]]).pvalue = 0.48571428571428565.
    const t = { a: 3, b: 1, c: 1, d: 3 };
    expect(haldaneOddsRatio(t)).toBeCloseTo(12.25 / 2.25, 12);
    const ci = woolfInterval(t);
    expect(ci.low).toBeCloseTo(0.3640691103418853, 9);
    expect(ci.high).toBeCloseTo(81.41853968551789, 7);
    expect(fisherExactTwoSided(t)).toBeCloseTo(34 / 70, 12);
  });

  it('counts the tied tail on the other side (scipy relative tolerance 1e-7)', () => {
    // a=2 b=0 c=2 d=4: margins row 2/6, column 4/4, N = 8. P(x) = C(2,x) C(6,4-x) / 70:
    // x=0: 15/70, x=1: 40/70, x=2: 15/70. Observed x = 2 (15/70); x = 0 ties -> p = 30/70 = 0.428571.
    // OR = 2.5 * 4.5 / (0.5 * 2.5) = 9; scipy: 0.4285714285714286.
    const t = { a: 2, b: 0, c: 2, d: 4 };
    expect(haldaneOddsRatio(t)).toBe(9);
    expect(fisherExactTwoSided(t)).toBeCloseTo(30 / 70, 12);
    // se = sqrt(1/2.5 + 1/.5 + 1/2.5 + 1/4.5) = 1.738454; exp(ln 9 -/+ 1.959964 * 1.738454) = [0.298173, 271.655]
    const ci = woolfInterval(t);
    expect(ci.low).toBeCloseTo(0.29817264878624783, 9);
    expect(ci.high).toBeCloseTo(271.6546951228476, 6);
  });

  it('agrees with scipy on an unbalanced table and stays exact for large n (log-factorials)', () => {
    // Values from scipy.stats.fisher_exact on this machine.
    expect(fisherExactTwoSided({ a: 7, b: 2, c: 3, d: 12 })).toBeCloseTo(0.010372434807082808, 12);
    expect(haldaneOddsRatio({ a: 7, b: 2, c: 3, d: 12 })).toBeCloseTo(7.5 * 12.5 / (2.5 * 3.5), 12);
    const big = fisherExactTwoSided({ a: 1200, b: 800, c: 30000, d: 28000 });
    expect(big / 2.915861460177859e-13).toBeCloseTo(1, 6);
    const mid = fisherExactTwoSided({ a: 30, b: 70, c: 70, d: 30 });
    expect(mid / 2.310326429897527e-8).toBeCloseTo(1, 6);
    const bigCi = woolfInterval({ a: 1200, b: 800, c: 30000, d: 28000 });
    expect(bigCi.low).toBeCloseTo(1.2780800049070744, 9);
    expect(bigCi.high).toBeCloseTo(1.5329154556216649, 9);
  });

  it('returns p = 1 when a margin is empty, like scipy', () => {
    // Label never present: row 1 is empty, every table is the observed one.
    expect(fisherExactTwoSided({ a: 0, b: 0, c: 4, d: 4 })).toBe(1);
    // Nobody positive: column 1 empty.
    expect(fisherExactTwoSided({ a: 0, b: 5, c: 0, d: 7 })).toBe(1);
    // The corrected OR stays defined: 0.5 * 4.5 / (0.5 * 4.5) = 1.
    expect(haldaneOddsRatio({ a: 0, b: 0, c: 4, d: 4 })).toBe(1);
  });
});

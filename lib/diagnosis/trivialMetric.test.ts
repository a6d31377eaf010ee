import { describe, expect, it } from 'vitest';
import { averageRanks, MIN_PROGRAMS, primaryKey, spearman, testMetric, trivialMetricTest, type TrivialTestRow } from './trivialMetric';

const rows = (scores: (number | null)[], metric: (number | null)[], name = 'm'): TrivialTestRow[] =>
  scores.map((score, i) => ({ score, values: metric[i] === null ? null : { [name]: metric[i]! } }));

describe('average ranks and Spearman', () => {
  it('ties share the average of the ranks they span', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 3, 3])).toEqual([3, 1, 3, 3]); // ranks 2,3,4 -> 3
  });

  it('matches the hand-worked values', () => {
    // No ties: d = [-1, 1, -1, 1, 0], rho = 1 - 6 * 4 / (5 * 24) = 0.8.
    expect(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
    // Ties: ranks x = [1, 2.5, 2.5, 4], y = [1, 2, 3, 4]; Pearson on ranks = 4.5 / sqrt(4.5 * 5) = 3 / sqrt(10).
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBe(-1);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
  });

  it('the primary key: same score and same per-test results, in any key order', () => {
    expect(primaryKey(3, { a: 1, b: 2 })).toBe(primaryKey(3, { b: 2, a: 1 }));
    expect(primaryKey(3, { a: 1, b: 2 })).not.toBe(primaryKey(3, { a: 2, b: 1 }));
    expect(primaryKey(3, null)).toBe(primaryKey(3, undefined));
  });
});

describe('the Trivial Metric Test', () => {
  const scores = [0.1, 0.5, 0.2, 0.9, 0.4, 0.3, 0.8, 0.7];

  it('flags a copy of the score (rho +1) and a decreasing function of it (rho -1)', () => {
    const copy = testMetric('m', rows(scores, scores));
    expect(copy).toMatchObject({ name: 'm', rho: 1, disagreements: 0, n: 8, trivial: true });
    expect(copy.why).toMatch(/function of the primary result.*\+1 over 8 programs/);
    const inv = testMetric('m', rows(scores, scores.map((s) => 100 - s * s)));
    expect(inv).toMatchObject({ rho: -1, trivial: true });
  });

  it('flags a constant', () => {
    expect(testMetric('m', rows(scores, scores.map(() => 4)))).toMatchObject({ rho: null, trivial: true, why: 'constant: 4 on all 8 programs' });
  });

  it('does not flag a metric that orders the programs differently', () => {
    // One swap of two neighbours in rank (0.4 and 0.5): d^2 sum = 2, rho = 1 - 12 / (8 * 63) = 1 - 1/42.
    const m = scores.map((s) => (s === 0.5 ? 0.4 : s === 0.4 ? 0.5 : s));
    const r = testMetric('m', rows(scores, m));
    expect(r.rho).toBeCloseTo(1 - 1 / 42, 12);
    expect(r).toMatchObject({ disagreements: 0, trivial: false });
    expect(r.why).toMatch(/rank correlation with the score 0\.97619/);
  });

  it('counts programs of equal primary result that disagree', () => {
    // Programs 0 and 1 share score 0.1 with values 1 and 2; programs 2 and 3 share 0.2 and agree.
    const s = [0.1, 0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.6];
    const v = [1, 2, 3, 3, 4, 5, 6, 7];
    const r = testMetric('m', rows(s, v));
    expect(r).toMatchObject({ disagreements: 2, n: 8, trivial: false });
    expect(r.why).toBe('measures something the primary result does not: 2 programs share a primary result with a program of a different value');
  });

  it('per-test results are part of the primary result', () => {
    // Same two scores, but different per-test results: not a disagreement.
    const base = rows([0.1, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], [1, 2, 3, 4, 5, 6, 7, 8]);
    base[0].perTest = { a: 0, b: 0.2 };
    base[1].perTest = { a: 0.2, b: 0 };
    expect(testMetric('m', base).disagreements).toBe(0);
    base[1].perTest = { b: 0.2, a: 0 };
    expect(testMetric('m', base).disagreements).toBe(2);
  });

  it('too few programs: "not enough programs", not trivial; failed programs and missing scores do not count', () => {
    const s = [...scores.slice(0, 7), null, 0.95];
    const v = [...scores.slice(0, 7), 0.3, null];
    const r = testMetric('m', rows(s, v));
    expect(r).toMatchObject({ n: 7, rho: 1, trivial: false });
    expect(r.why).toBe(`not enough programs: 7 with both a score and a value (the test needs ${MIN_PROGRAMS})`);
  });

  it('tests every metric the rows hold, by name', () => {
    const rs: TrivialTestRow[] = scores.map((s, i) => ({ score: s, values: { score_copy: s, lines: i % 3 } }));
    const out = trivialMetricTest(rs);
    expect(out.map((m) => [m.name, m.trivial])).toEqual([['lines', false], ['score_copy', true]]);
  });
});

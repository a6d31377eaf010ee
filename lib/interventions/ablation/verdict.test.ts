import { describe, expect, it } from 'vitest';
import { ablationTolerance, ablationVerdict, contributionOf } from './verdict';

describe('ablation verdicts', () => {
  it('tolerance is 5% of the edit gain, at least 1e-9', () => {
    expect(ablationTolerance(0.5, 0.7)).toBeCloseTo(0.01, 12);
    expect(ablationTolerance(10, 8)).toBeCloseTo(0.1, 12);
    expect(ablationTolerance(1, 1)).toBe(1e-9);
    expect(ablationTolerance(null, 1)).toBe(1e-9);
  });

  it('contribution is child - variant in the better direction', () => {
    expect(contributionOf(0.7, 0.5, true)).toBeCloseTo(0.2, 12);
    expect(contributionOf(8, 10, false)).toBe(2);
    expect(contributionOf(8, 7, false)).toBe(-1);
    expect(contributionOf(null, 1, true)).toBeNull();
    expect(contributionOf(1, null, true)).toBeNull();
  });

  it('sorts a variant into carried / hurt / neutral / failed around the tolerance', () => {
    const tol = ablationTolerance(0.5, 0.7); // 0.01
    expect(ablationVerdict(0.5, contributionOf(0.7, 0.5, true), tol)).toBe('carried');
    expect(ablationVerdict(0.695, contributionOf(0.7, 0.695, true), tol)).toBe('neutral'); // lost 0.005: within the tolerance
    expect(ablationVerdict(0.7, contributionOf(0.7, 0.7, true), tol)).toBe('neutral');
    expect(ablationVerdict(0.75, contributionOf(0.7, 0.75, true), tol)).toBe('hurt');
    expect(ablationVerdict(null, null, tol)).toBe('failed');
    // Lower is better: a variant scoring lower than the child means the change hurt.
    expect(ablationVerdict(7, contributionOf(8, 7, false), ablationTolerance(10, 8))).toBe('hurt');
    expect(ablationVerdict(10, contributionOf(8, 10, false), ablationTolerance(10, 8))).toBe('carried');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_XI, expectedImprovement } from './ei';

describe('expectedImprovement (maximisation)', () => {
  it('matches the closed form computed by hand', () => {
    // mu = 1.2, sigma = 0.5, best = 1.0, xi = 0.01:
    //   imp = 1.2 - 1.0 - 0.01 = 0.19,  z = 0.19 / 0.5 = 0.38
    //   Phi(0.38) = 0.6480272924241627,  phi(0.38) = exp(-0.0722) / sqrt(2 pi) = 0.3711538793594661
    //   EI = 0.19 * 0.6480272924241627 + 0.5 * 0.3711538793594661 = 0.3087021252403239
    expect(expectedImprovement(1.2, 0.5, 1.0, 0.01)).toBeCloseTo(0.3087021252403239, 14);
    // mu = best, xi = 0: z = 0, EI = sigma * phi(0) = 1 / sqrt(2 pi) = 0.3989422804014327
    expect(expectedImprovement(0, 1, 0, 0)).toBeCloseTo(0.3989422804014327, 15);
    // mu = -1, sigma = 0.5, best = 1, xi = 0.01: imp = -2.01, z = -4.02
    //   EI = -2.01 * Phi(-4.02) + 0.5 * phi(-4.02) = 3.2689495395663156e-06 (tail: small but not 0)
    expect(expectedImprovement(-1, 0.5, 1, 0.01) / 3.2689495395663156e-6).toBeCloseTo(1, 10);
  });

  it('defaults xi to 0.01 and is maximising: a higher mean never lowers EI', () => {
    expect(DEFAULT_XI).toBe(0.01);
    expect(expectedImprovement(1.2, 0.5, 1.0)).toBe(expectedImprovement(1.2, 0.5, 1.0, 0.01));
    let prev = 0;
    for (let mu = -3; mu <= 3; mu += 0.25) {
      const ei = expectedImprovement(mu, 0.7, 0.5);
      expect(ei).toBeGreaterThanOrEqual(prev);
      prev = ei;
    }
  });

  it('grows with uncertainty, is never negative, and is the plain improvement when sigma is 0', () => {
    expect(expectedImprovement(0, 2, 0.5)).toBeGreaterThan(expectedImprovement(0, 1, 0.5));
    expect(expectedImprovement(-40, 1, 0)).toBeGreaterThanOrEqual(0);
    expect(expectedImprovement(2, 0, 1, 0.01)).toBeCloseTo(0.99, 15);
    expect(expectedImprovement(0.5, 0, 1)).toBe(0);
  });
});

import { Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../analysis/rng';
import { cholesky, GaussianProcess, kernel, logMarginalLikelihood, matern52, type GpHyper } from './gp';

const SQRT5 = Math.sqrt(5);
const hyper1 = (l: number, s2: number, noise: number): GpHyper => ({ lengthScales: [l], signalVariance: s2, noiseVariance: noise });

describe('Matérn 5/2 kernel', () => {
  it('is the formula: k(r) = s2 (1 + sqrt5 r + 5/3 r^2) exp(-sqrt5 r)', () => {
    // r = 1: (1 + 2.2360680 + 1.6666667) * exp(-2.2360680) = 4.9027347 * 0.1068779 = 0.5239941
    expect(matern52(1)).toBeCloseTo(0.5239941088318203, 14);
    expect(matern52(0)).toBe(1);
    // ARD: r = sqrt((0.3/0.5)^2 + (0.4/2)^2) = sqrt(0.36 + 0.04) = sqrt(0.4); times s2 = 2
    const h: GpHyper = { lengthScales: [0.5, 2], signalVariance: 2, noiseVariance: 0 };
    const r = Math.sqrt(0.4);
    expect(kernel([0.1, 0.2], [0.4, 0.6], h)).toBeCloseTo(2 * (1 + SQRT5 * r + (5 / 3) * 0.4) * Math.exp(-SQRT5 * r), 15);
  });

  it('is symmetric, s2 at distance 0, decreasing with distance, and longer length scales matter less', () => {
    const h: GpHyper = { lengthScales: [0.2, 5], signalVariance: 1.7, noiseVariance: 0 };
    expect(kernel([0.3, 0.3], [0.3, 0.3], h)).toBe(1.7);
    expect(kernel([0.1, 0.9], [0.6, 0.2], h)).toBe(kernel([0.6, 0.2], [0.1, 0.9], h));
    let prev = Infinity;
    for (let d = 0; d <= 1; d += 0.05) {
      const k = kernel([0, 0], [d, 0], h);
      expect(k).toBeLessThan(prev);
      prev = k;
    }
    // Moving 0.5 along the long axis (l = 5) barely changes k; along the short one (l = 0.2) it does.
    expect(kernel([0, 0], [0, 0.5], h)).toBeGreaterThan(1.6);
    expect(kernel([0, 0], [0.5, 0], h)).toBeLessThan(0.2);
  });

  it('gives positive definite Gram matrices on random points (ml-matrix Cholesky succeeds)', () => {
    const rng = new Rng(5);
    const X = Array.from({ length: 30 }, () => [rng.next(), rng.next(), rng.next()]);
    const h: GpHyper = { lengthScales: [0.3, 0.5, 1], signalVariance: 1, noiseVariance: 0 };
    const K = new Matrix(X.map((a) => X.map((b) => kernel(a, b, h))));
    const c = cholesky(K);
    expect(c).not.toBeNull();
    expect(c!.jitter).toBe(0);
  });

  it('falls back to jitter when K is singular (a duplicated point, no noise)', () => {
    const K = new Matrix([
      [1, 1],
      [1, 1],
    ]);
    const c = cholesky(K);
    expect(c).not.toBeNull();
    expect(c!.jitter).toBeGreaterThan(0);
    expect(c!.jitter).toBeLessThan(1e-3);
  });
});

describe('GaussianProcess posterior (hand-computed)', () => {
  // X = [0, 0.5], y = [1, 3]: mean 2, population sd 1, standardised ys = [-1, 1].
  // l = 0.5, s2 = 1. Distances in length scales: x1-x2: r = 1; query 0.1: r = 0.2 to 0, 0.8 to 0.5.
  //   rho = k(0, 0.5)   = (1 + sqrt5 + 5/3) exp(-sqrt5)                  = 0.5239941088318203
  //   a   = k(0.1, 0)   = (1 + 0.2 sqrt5 + 5/3 * 0.04) exp(-0.2 sqrt5) = 0.9679861199640714
  //   b   = k(0.1, 0.5) = (1 + 0.8 sqrt5 + 5/3 * 0.64) exp(-0.8 sqrt5) = 0.6444563264642500
  const X = [[0], [0.5]];
  const y = [1, 3];
  const rho = 0.5239941088318203;
  const a = 0.9679861199640714;
  const b = 0.64445632646425;

  it('without noise: mean = 2 + (b - a)/(1 - rho), variance = 1 - (a^2 - 2 rho a b + b^2)/(1 - rho^2)', () => {
    // K = [[1, rho], [rho, 1]], K^-1 = [[1, -rho], [-rho, 1]] / (1 - rho^2)
    // alpha = K^-1 ys = [-1, 1] / (1 - rho)
    // mean_s = [a, b] . alpha = (b - a) / (1 - rho) = -0.6796760281807387 -> mean = 1.3203239718192612
    // var_s = 1 - [a, b] K^-1 [a, b]' = 0.0370402389220128 (sd of y is 1: the same in y's units)
    const gp = GaussianProcess.withHyper(X, y, hyper1(0.5, 1, 0));
    const p = gp.posterior([0.1]);
    expect((b - a) / (1 - rho)).toBeCloseTo(-0.6796760281807387, 14);
    expect(p.mean).toBeCloseTo(1.3203239718192612, 12);
    expect(p.variance).toBeCloseTo(0.0370402389220128, 12);
    // At a training point without noise the posterior is the observation, with no variance left.
    const at = gp.posterior([0.5]);
    expect(at.mean).toBeCloseTo(3, 10);
    expect(at.variance).toBeLessThan(1e-10);
  });

  it('with noise 0.25 and y scaled by 10: the standardisation is undone on the way out', () => {
    // y = [10, 30]: mean 20, sd 10, ys = [-1, 1] again. K = [[d, rho], [rho, d]], d = 1 + 0.25.
    // alpha = [-1, 1] / (d - rho); mean_s = (b - a) / (d - rho) = -0.4456297082923746
    // var_s = 1 - (d a^2 - 2 rho a b + d b^2) / (d^2 - rho^2) = 0.19511138162818742
    // mean = 20 + 10 mean_s = 15.543702917076255, variance = 100 var_s = 19.511138162818742
    const gp = GaussianProcess.withHyper(X, [10, 30], hyper1(0.5, 1, 0.25));
    const p = gp.posterior([0.1]);
    expect(p.mean).toBeCloseTo(15.543702917076255, 11);
    expect(p.variance).toBeCloseTo(19.511138162818742, 10);
    expect(gp.standardisedPosterior([0.1]).variance).toBeCloseTo(0.19511138162818742, 12);
  });

  it('far from the data: the prior (mean of y, variance s2 * sd^2)', () => {
    const gp = GaussianProcess.withHyper(X, [10, 30], hyper1(0.05, 1.5, 1e-6));
    const p = gp.posterior([50]);
    expect(p.mean).toBeCloseTo(20, 10);
    expect(p.variance).toBeCloseTo(150, 8);
  });
});

describe('hyperparameter fit (log marginal likelihood)', () => {
  const rng = new Rng(11);
  // Depends on dimension 0 only; dimension 1 is irrelevant.
  const X = Array.from({ length: 20 }, () => [rng.next(), rng.next()]);
  const y = X.map((x) => Math.sin(6 * x[0]) + 0.01 * rng.gaussian());

  it('has an analytic gradient that matches finite differences', () => {
    const ys = GaussianProcess.standardise(y).ys;
    const theta = [Math.log(0.3), Math.log(0.8), Math.log(1.3), Math.log(0.01)];
    const h = (t: number[]): GpHyper => ({ lengthScales: [Math.exp(t[0]), Math.exp(t[1])], signalVariance: Math.exp(t[2]), noiseVariance: Math.exp(t[3]) });
    const g = logMarginalLikelihood(X, ys, h(theta))!.gradient;
    for (let i = 0; i < theta.length; i++) {
      const eps = 1e-5;
      const up = theta.slice();
      const dn = theta.slice();
      up[i] += eps;
      dn[i] -= eps;
      const fd = (logMarginalLikelihood(X, ys, h(up))!.value - logMarginalLikelihood(X, ys, h(dn))!.value) / (2 * eps);
      expect(Math.abs(g[i] - fd)).toBeLessThan(1e-4 * Math.max(1, Math.abs(fd)));
    }
  });

  it('raises the likelihood above the starting point, finds the irrelevant axis, and is deterministic', () => {
    const start = GaussianProcess.withHyper(X, y, { lengthScales: [0.3, 0.3], signalVariance: 1, noiseVariance: 1e-3 });
    const gp = GaussianProcess.fit(X, y, { seed: 1 });
    expect(gp.logMarginalLikelihood).toBeGreaterThan(start.logMarginalLikelihood);
    expect(gp.hyper.lengthScales[1]).toBeGreaterThan(3 * gp.hyper.lengthScales[0]);
    // Almost noise-free data: the learned noise is small (standardised units).
    expect(gp.hyper.noiseVariance).toBeLessThan(0.01);
    expect(GaussianProcess.fit(X, y, { seed: 1 }).hyper).toEqual(gp.hyper);
    // It predicts the function between the points.
    for (const x0 of [0.15, 0.45, 0.8]) expect(Math.abs(gp.posterior([x0, 0.5]).mean - Math.sin(6 * x0))).toBeLessThan(0.1);
  });

  it('learns a large noise term when the outputs are mostly noise', () => {
    const r = new Rng(3);
    const Xn = Array.from({ length: 24 }, () => [r.next()]);
    const yn = Xn.map((x) => 0.2 * x[0] + r.gaussian());
    const gp = GaussianProcess.fit(Xn, yn, { seed: 2 });
    expect(gp.hyper.noiseVariance).toBeGreaterThan(0.3);
  });
});

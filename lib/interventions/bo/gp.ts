// Gaussian-process regression for the Bayesian optimiser (suggest.ts). Inputs are points of the
// unit cube (space.ts scales them); outputs are standardised here (mean 0, standard deviation 1
// over the training values) so the hyperparameter bounds below mean the same for any evaluator.
//
// Kernel: Matérn 5/2 with ARD (one length scale per dimension), a signal variance and a learned
// noise variance:
//   k(a, b) = s2 * (1 + sqrt5 r + 5/3 r^2) * exp(-sqrt5 r),  r = sqrt(sum_d ((a_d - b_d) / l_d)^2)
//   K = [k(x_i, x_j)] + noise * I
// Matérn 5/2 rather than the squared exponential: twice differentiable, not infinitely smooth,
// the usual default for tuning (Snoek et al. 2012), and less prone to over-confident extrapolation.
// ARD rather than one shared length scale: the knobs of a program matter very unequally (an
// LLM-proposed list mixes a decisive step size with a loop bound that changes nothing), and ARD
// lets the model stretch the irrelevant axes out of the way. Its risk, over-fitting D + 2
// hyperparameters to ~24 points, is contained by the bounds (LENGTH_BOUNDS) and by restarts.
//
// Hyperparameters maximise the log marginal likelihood
//   log p(y | X) = -1/2 y' K^-1 y - sum_i log L_ii - n/2 log 2 pi       (K = L L')
// with its analytic gradient on log-parameters, 0.5 tr((alpha alpha' - K^-1) dK/dtheta), by
// iRprop- (sign-based steps: robust to the very different scales of the gradient's components,
// no line search) inside box bounds, from one fixed and a few seeded starting points: the same
// (X, y, seed) always gives the same model.
import { CholeskyDecomposition, Matrix } from 'ml-matrix';
import { Rng } from '../../demo/rng';

const SQRT5 = Math.sqrt(5);
const LOG_2PI = Math.log(2 * Math.PI);

export interface GpHyper {
  /** One per input dimension, in unit-cube units. */
  lengthScales: number[];
  /** Prior variance of the latent function, in standardised output units. */
  signalVariance: number;
  /** Observation noise variance, in standardised output units. */
  noiseVariance: number;
}

/** Bounds of the fitted hyperparameters (the inputs span [0, 1], the outputs have variance 1). */
export const LENGTH_BOUNDS: [number, number] = [0.03, 20];
export const SIGNAL_BOUNDS: [number, number] = [0.05, 20];
export const NOISE_BOUNDS: [number, number] = [1e-6, 1];

/** Matérn 5/2 correlation at scaled distance r. */
export function matern52(r: number): number {
  const s = SQRT5 * r;
  return (1 + s + (5 / 3) * r * r) * Math.exp(-s);
}

/** The kernel without the noise term (the covariance of the latent function). */
export function kernel(a: readonly number[], b: readonly number[], hyper: GpHyper): number {
  let r2 = 0;
  for (let d = 0; d < a.length; d++) {
    const t = (a[d] - b[d]) / hyper.lengthScales[d];
    r2 += t * t;
  }
  return hyper.signalVariance * matern52(Math.sqrt(r2));
}

/** Lower Cholesky factor of K, with growing jitter on the diagonal when K is numerically not
 * positive definite (duplicated points with a tiny noise term). null: hopeless even with jitter. */
export function cholesky(K: Matrix): { L: Matrix; jitter: number } | null {
  const n = K.rows;
  let meanDiag = 0;
  for (let i = 0; i < n; i++) meanDiag += K.get(i, i) / n;
  // 0, then 1e-10 .. 1e-4 of the mean diagonal: the smallest that makes K factorable.
  for (const rel of [0, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4]) {
    const jitter = rel * meanDiag;
    const A = jitter ? K.clone() : K;
    if (jitter) for (let i = 0; i < n; i++) A.set(i, i, A.get(i, i) + jitter);
    const cho = new CholeskyDecomposition(A);
    if (cho.isPositiveDefinite()) return { L: cho.lowerTriangularMatrix, jitter };
  }
  return null;
}

function covariance(X: readonly number[][], hyper: GpHyper): Matrix {
  const n = X.length;
  const K = new Matrix(n, n);
  for (let i = 0; i < n; i++) {
    K.set(i, i, hyper.signalVariance + hyper.noiseVariance);
    for (let j = 0; j < i; j++) {
      const k = kernel(X[i], X[j], hyper);
      K.set(i, j, k);
      K.set(j, i, k); // exactly symmetric: ml-matrix's Cholesky checks
    }
  }
  return K;
}

/** Solves L z = b (forward) for a lower-triangular L stored as rows. */
function forward(L: readonly Float64Array[], b: ArrayLike<number>): Float64Array {
  const n = L.length;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    const row = L[i];
    for (let k = 0; k < i; k++) s -= row[k] * z[k];
    z[i] = s / row[i];
  }
  return z;
}

/** Solves L' z = b (backward). */
function backward(L: readonly Float64Array[], b: ArrayLike<number>): Float64Array {
  const n = L.length;
  const z = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= L[k][i] * z[k];
    z[i] = s / L[i][i];
  }
  return z;
}

interface Factor {
  L: Float64Array[];
  alpha: Float64Array;
  lml: number;
}

function factor(X: readonly number[][], ys: readonly number[], hyper: GpHyper): Factor | null {
  const c = cholesky(covariance(X, hyper));
  if (!c) return null;
  const L = c.L.to2DArray().map((r) => Float64Array.from(r));
  const alpha = backward(L, forward(L, ys));
  let lml = -0.5 * X.length * LOG_2PI;
  for (let i = 0; i < ys.length; i++) lml += -0.5 * ys[i] * alpha[i] - Math.log(L[i][i]);
  return { L, alpha, lml };
}

/** The log marginal likelihood of standardised outputs ys and its gradient with respect to
 * [log l_1..log l_D, log s2, log noise]. null when K cannot be factored. */
export function logMarginalLikelihood(
  X: readonly number[][],
  ys: readonly number[],
  hyper: GpHyper,
): { value: number; gradient: number[] } | null {
  const f = factor(X, ys, hyper);
  if (!f) return null;
  const n = X.length;
  const D = hyper.lengthScales.length;
  // W = alpha alpha' - K^-1 (K^-1 from the factor: solve for each unit vector).
  const W: Float64Array[] = [];
  const e = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    e.fill(0);
    e[j] = 1;
    const col = backward(f.L, forward(f.L, e));
    W.push(col.map((v, i) => f.alpha[i] * f.alpha[j] - v));
  }
  const g = new Array<number>(D + 2).fill(0);
  const { lengthScales: ls, signalVariance: s2, noiseVariance: noise } = hyper;
  for (let i = 0; i < n; i++) {
    g[D] += 0.5 * W[i][i] * s2;
    g[D + 1] += 0.5 * W[i][i] * noise;
    for (let j = 0; j < i; j++) {
      let r2 = 0;
      for (let d = 0; d < D; d++) {
        const t = (X[i][d] - X[j][d]) / ls[d];
        r2 += t * t;
      }
      const r = Math.sqrt(r2);
      const ex = Math.exp(-SQRT5 * r);
      const w = W[i][j]; // symmetric: the pair (i, j) and (j, i) together count twice, times 0.5
      g[D] += w * s2 * (1 + SQRT5 * r + (5 / 3) * r2) * ex;
      // dk/dlog l_d = s2 * 5/3 * (1 + sqrt5 r) exp(-sqrt5 r) * ((a_d - b_d) / l_d)^2
      const common = w * s2 * (5 / 3) * (1 + SQRT5 * r) * ex;
      for (let d = 0; d < D; d++) {
        const t = (X[i][d] - X[j][d]) / ls[d];
        g[d] += common * t * t;
      }
    }
  }
  return { value: f.lml, gradient: g };
}

export interface FitOptions {
  seed: number;
  /** Seeded starting points besides the fixed one (default 4). */
  restarts?: number;
  /** iRprop- iterations per start (default 120). */
  iterations?: number;
}

const toTheta = (h: GpHyper) => [...h.lengthScales.map(Math.log), Math.log(h.signalVariance), Math.log(h.noiseVariance)];
const fromTheta = (t: readonly number[]): GpHyper => ({
  lengthScales: t.slice(0, -2).map(Math.exp),
  signalVariance: Math.exp(t[t.length - 2]),
  noiseVariance: Math.exp(t[t.length - 1]),
});

function thetaBounds(D: number): [number, number][] {
  const b = (r: [number, number]): [number, number] => [Math.log(r[0]), Math.log(r[1])];
  return [...Array.from({ length: D }, () => b(LENGTH_BOUNDS)), b(SIGNAL_BOUNDS), b(NOISE_BOUNDS)];
}

/** iRprop- ascent of the log marginal likelihood from theta0, projected on the bounds. */
function ascend(X: readonly number[][], ys: readonly number[], theta0: number[], iterations: number) {
  const bounds = thetaBounds(X[0].length);
  const theta = theta0.map((v, i) => Math.min(bounds[i][1], Math.max(bounds[i][0], v)));
  let cur = logMarginalLikelihood(X, ys, fromTheta(theta));
  if (!cur) return null;
  let best = { theta: theta.slice(), value: cur.value };
  const step = theta.map(() => 0.1);
  let prev = theta.map(() => 0);
  let stale = 0;
  for (let it = 0; it < iterations && cur; it++) {
    const g = cur.gradient.slice();
    for (let i = 0; i < theta.length; i++) {
      const s = prev[i] * g[i];
      if (s > 0) step[i] = Math.min(step[i] * 1.2, 1);
      else if (s < 0) {
        step[i] = Math.max(step[i] * 0.5, 1e-6);
        g[i] = 0; // iRprop-: skip this component after a sign change
      }
      theta[i] = Math.min(bounds[i][1], Math.max(bounds[i][0], theta[i] + Math.sign(g[i]) * step[i]));
    }
    prev = g;
    cur = logMarginalLikelihood(X, ys, fromTheta(theta));
    if (cur && cur.value > best.value + 1e-6) {
      best = { theta: theta.slice(), value: cur.value };
      stale = 0;
    } else if (cur && cur.value > best.value) {
      best = { theta: theta.slice(), value: cur.value };
      stale++;
    } else stale++;
    // Converged (or oscillating at a bound): 12 steps without a gain worth having.
    if (stale >= 12 || step.every((s) => s < 1e-4)) break;
  }
  return best;
}

/** Fits the hyperparameters: the best of a fixed start and `restarts` seeded ones. */
export function fitHyper(X: readonly number[][], ys: readonly number[], opts: FitOptions): GpHyper {
  const D = X[0].length;
  const iterations = opts.iterations ?? 120;
  const starts: number[][] = [toTheta({ lengthScales: Array(D).fill(0.3), signalVariance: 1, noiseVariance: 1e-3 })];
  const rng = new Rng(opts.seed);
  const bounds = thetaBounds(D);
  for (let k = 0; k < (opts.restarts ?? 4); k++) {
    // Length scales drawn in log space over [0.05, 2] (plausible for a cube), the rest near 1 / 1e-3.
    starts.push([
      ...Array.from({ length: D }, () => rng.float(Math.log(0.05), Math.log(2))),
      rng.float(Math.log(0.3), Math.log(3)),
      rng.float(Math.log(1e-5), Math.log(1e-1)),
    ]);
  }
  let best: { theta: number[]; value: number } | null = null;
  for (const s of starts) {
    const r = ascend(X, ys, s, iterations);
    if (r && (!best || r.value > best.value)) best = r;
  }
  // Nothing could be factored (should not happen with the noise floor): the middle of the box.
  return fromTheta(best?.theta ?? bounds.map(([a, b]) => (a + b) / 2));
}

export class GaussianProcess {
  readonly hyper: GpHyper;
  readonly yMean: number;
  readonly yStd: number;
  /** Log marginal likelihood of the standardised training outputs. */
  readonly logMarginalLikelihood: number;
  private readonly X: number[][];
  private readonly L: Float64Array[];
  private readonly alpha: Float64Array;

  private constructor(X: number[][], y: readonly number[], hyper: GpHyper, stats: { mean: number; std: number }, f: Factor) {
    this.X = X;
    this.hyper = hyper;
    this.yMean = stats.mean;
    this.yStd = stats.std;
    this.L = f.L;
    this.alpha = f.alpha;
    this.logMarginalLikelihood = f.lml;
  }

  /** Mean and (population) standard deviation of y; a constant y gets std 1. */
  static standardise(y: readonly number[]) {
    const mean = y.reduce((s, v) => s + v, 0) / y.length;
    const sd = Math.sqrt(y.reduce((s, v) => s + (v - mean) ** 2, 0) / y.length);
    const std = sd > 1e-12 * Math.max(1, Math.abs(mean)) ? sd : 1;
    return { mean, std, ys: y.map((v) => (v - mean) / std) };
  }

  /** A GP with the given hyperparameters (standardised units), nothing fitted. */
  static withHyper(X: readonly number[][], y: readonly number[], hyper: GpHyper): GaussianProcess {
    if (!X.length || X.length !== y.length) throw new Error(`GaussianProcess: ${X.length} inputs for ${y.length} outputs`);
    if (hyper.lengthScales.length !== X[0].length) throw new Error('GaussianProcess: one length scale per input dimension');
    const s = GaussianProcess.standardise(y);
    const Xc = X.map((r) => r.slice());
    const f = factor(Xc, s.ys, hyper);
    if (!f) throw new Error('GaussianProcess: the covariance matrix is not positive definite even with jitter');
    return new GaussianProcess(Xc, y, hyper, s, f);
  }

  /** A GP with hyperparameters maximising the log marginal likelihood (deterministic given seed). */
  static fit(X: readonly number[][], y: readonly number[], opts: FitOptions): GaussianProcess {
    if (!X.length || X.length !== y.length) throw new Error(`GaussianProcess: ${X.length} inputs for ${y.length} outputs`);
    const s = GaussianProcess.standardise(y);
    const hyper = X.length < 2 ? { lengthScales: Array(X[0].length).fill(0.3), signalVariance: 1, noiseVariance: 1e-3 } : fitHyper(X, s.ys, opts);
    return GaussianProcess.withHyper(X, y, hyper);
  }

  /** Posterior of the latent function at x in standardised units (the noise is not included). */
  standardisedPosterior(x: readonly number[]): { mean: number; variance: number } {
    const n = this.X.length;
    const ks = new Float64Array(n);
    let mean = 0;
    for (let i = 0; i < n; i++) {
      ks[i] = kernel(x, this.X[i], this.hyper);
      mean += ks[i] * this.alpha[i];
    }
    const v = forward(this.L, ks);
    let vv = 0;
    for (let i = 0; i < n; i++) vv += v[i] * v[i];
    return { mean, variance: Math.max(0, this.hyper.signalVariance - vv) };
  }

  /** Posterior of the latent function at x in the units of y (the noise is not included). */
  posterior(x: readonly number[]): { mean: number; variance: number } {
    const p = this.standardisedPosterior(x);
    return { mean: this.yMean + this.yStd * p.mean, variance: this.yStd * this.yStd * p.variance };
  }
}

// Gaussian-process regression for the Bayesian optimiser (suggest.ts). Inputs are points of the
// unit cube (space.ts scales them); outputs are standardised here (mean 0, standard deviation 1
// over the training values) so the hyperparameter bounds (lml.ts) mean the same for any evaluator.
//
// Kernel (kernel.ts): Matérn 5/2 with ARD (one length scale per dimension), a signal variance and
// a learned noise variance:
//   k(a, b) = s2 * (1 + sqrt5 r + 5/3 r^2) * exp(-sqrt5 r),  r = sqrt(sum_d ((a_d - b_d) / l_d)^2)
//   K = [k(x_i, x_j)] + noise * I
// Matérn 5/2 rather than the squared exponential: twice differentiable but not infinitely smooth,
// the usual default for tuning (Snoek et al. 2012), less prone to over-confident extrapolation.
// ARD rather than one shared length scale: the knobs of a program matter very unequally (an
// LLM-proposed list mixes a decisive step size with a loop bound that changes nothing), and ARD
// lets the model stretch the irrelevant axes out of the way. Its risk, over-fitting D + 2
// hyperparameters to ~24 points, is contained by bounds and restarts (lml.ts).
// The posterior is of the latent function (noise excluded): what expected improvement needs.
import { factor, forward, kernel, pairDistances, pairsOf, type Factor, type GpHyper } from './kernel';
import { fitHyper, type FitOptions } from './lml';

export type { GpHyper } from './kernel';
export { cholesky, kernel, matern52 } from './kernel';
export { fitHyper, LENGTH_BOUNDS, logMarginalLikelihood, NOISE_BOUNDS, SIGNAL_BOUNDS, type FitOptions } from './lml';

/** The hyperparameters used when there is too little data to fit (one point). */
const PRIOR_HYPER = (D: number): GpHyper => ({ lengthScales: Array(D).fill(0.3), signalVariance: 1, noiseVariance: 1e-3 });

export class GaussianProcess {
  readonly hyper: GpHyper;
  readonly yMean: number;
  readonly yStd: number;
  /** Log marginal likelihood of the standardised training outputs. */
  readonly logMarginalLikelihood: number;
  private readonly X: number[][];
  private readonly L: Float64Array[];
  private readonly alpha: Float64Array;

  private constructor(X: number[][], hyper: GpHyper, stats: { mean: number; std: number }, f: Factor) {
    this.X = X;
    this.hyper = hyper;
    this.yMean = stats.mean;
    this.yStd = stats.std;
    this.L = f.L;
    this.alpha = f.alpha;
    this.logMarginalLikelihood = f.lml;
  }

  /** Mean and (population) standard deviation of y, and y standardised; a constant y gets std 1. */
  static standardise(y: readonly number[]) {
    const mean = y.reduce((s, v) => s + v, 0) / y.length;
    const sd = Math.sqrt(y.reduce((s, v) => s + (v - mean) ** 2, 0) / y.length);
    const std = sd > 1e-12 * Math.max(1, Math.abs(mean)) ? sd : 1;
    return { mean, std, ys: y.map((v) => (v - mean) / std) };
  }

  /** A GP with the given hyperparameters (standardised units), nothing fitted. */
  static withHyper(X: readonly number[][], y: readonly number[], hyper: GpHyper): GaussianProcess {
    check(X, y);
    if (hyper.lengthScales.length !== X[0].length) throw new Error('GaussianProcess: one length scale per input dimension');
    const s = GaussianProcess.standardise(y);
    const pairs = pairsOf(X);
    const f = factor(pairs, pairDistances(pairs, hyper.lengthScales), s.ys, hyper);
    if (!f) throw new Error('GaussianProcess: the covariance matrix is not positive definite even with jitter');
    return new GaussianProcess(
      X.map((r) => r.slice()),
      hyper,
      s,
      f,
    );
  }

  /** A GP with hyperparameters maximising the log marginal likelihood (deterministic given seed). */
  static fit(X: readonly number[][], y: readonly number[], opts: FitOptions): GaussianProcess {
    check(X, y);
    const s = GaussianProcess.standardise(y);
    const hyper = X.length < 2 ? PRIOR_HYPER(X[0].length) : fitHyper(X, s.ys, opts);
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

function check(X: readonly number[][], y: readonly number[]) {
  if (!X.length || X.length !== y.length) throw new Error(`GaussianProcess: ${X.length} inputs for ${y.length} outputs`);
  if (y.some((v) => !Number.isFinite(v))) throw new Error('GaussianProcess: every output must be a finite number');
}

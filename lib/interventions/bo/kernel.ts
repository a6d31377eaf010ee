// The Matérn 5/2 ARD kernel and the Cholesky factor of its covariance matrix, shared by the
// hyperparameter fit (lml.ts) and the posterior (gp.ts). The fit evaluates the likelihood a few
// hundred times on the same inputs, so the squared coordinate differences of every pair are
// computed once (Pairs) and only the length scales change between evaluations.
import { CholeskyDecomposition, Matrix } from 'ml-matrix';

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

/** Lower Cholesky factor of K (ml-matrix), with growing jitter on the diagonal when K is
 * numerically not positive definite (duplicated points, a tiny noise term). null: hopeless. */
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

/** Squared coordinate differences of every pair i > j: diff2[(i(i-1)/2 + j) * D + d]. */
export interface Pairs {
  n: number;
  D: number;
  diff2: Float64Array;
}

export function pairsOf(X: readonly number[][]): Pairs {
  const n = X.length;
  const D = X[0].length;
  const diff2 = new Float64Array(((n * (n - 1)) / 2) * D);
  for (let i = 0, p = 0; i < n; i++) {
    for (let j = 0; j < i; j++, p++) {
      for (let d = 0; d < D; d++) diff2[p * D + d] = (X[i][d] - X[j][d]) ** 2;
    }
  }
  return { n, D, diff2 };
}

/** Scaled distances r of every pair (same order as Pairs) for the given length scales. */
export function pairDistances(pairs: Pairs, lengthScales: readonly number[]): Float64Array {
  const { n, D, diff2 } = pairs;
  const inv = lengthScales.map((l) => 1 / (l * l));
  const r = new Float64Array((n * (n - 1)) / 2);
  for (let p = 0; p < r.length; p++) {
    let s = 0;
    for (let d = 0; d < D; d++) s += diff2[p * D + d] * inv[d];
    r[p] = Math.sqrt(s);
  }
  return r;
}

export function covariance(pairs: Pairs, r: Float64Array, hyper: GpHyper): Matrix {
  const { n } = pairs;
  const K = new Matrix(n, n);
  for (let i = 0, p = 0; i < n; i++) {
    K.set(i, i, hyper.signalVariance + hyper.noiseVariance);
    for (let j = 0; j < i; j++, p++) {
      const k = hyper.signalVariance * matern52(r[p]);
      K.set(i, j, k);
      K.set(j, i, k); // exactly symmetric: ml-matrix's Cholesky checks
    }
  }
  return K;
}

/** Solves L z = b (forward) for a lower-triangular L stored as rows. */
export function forward(L: readonly Float64Array[], b: ArrayLike<number>): Float64Array {
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
export function backward(L: readonly Float64Array[], b: ArrayLike<number>): Float64Array {
  const n = L.length;
  const z = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= L[k][i] * z[k];
    z[i] = s / L[i][i];
  }
  return z;
}

export interface Factor {
  /** Rows of the lower Cholesky factor of K (copied out of ml-matrix for the hot loops). */
  L: Float64Array[];
  /** K^-1 ys */
  alpha: Float64Array;
  /** log p(ys | X) = -1/2 ys' alpha - sum_i log L_ii - n/2 log 2 pi */
  lml: number;
}

export function factor(pairs: Pairs, r: Float64Array, ys: readonly number[], hyper: GpHyper): Factor | null {
  const c = cholesky(covariance(pairs, r, hyper));
  if (!c) return null;
  const n = pairs.n;
  const L = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n);
    for (let j = 0; j <= i; j++) row[j] = c.L.get(i, j);
    return row;
  });
  const alpha = backward(L, forward(L, ys));
  let lml = -0.5 * n * LOG_2PI;
  for (let i = 0; i < n; i++) lml += -0.5 * ys[i] * alpha[i] - Math.log(L[i][i]);
  return { L, alpha, lml };
}

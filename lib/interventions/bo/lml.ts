// Fitting the GP's hyperparameters by maximising the log marginal likelihood
//   log p(y | X) = -1/2 y' K^-1 y - sum_i log L_ii - n/2 log 2 pi       (K = L L')
// with its analytic gradient on log-parameters, 0.5 tr((alpha alpha' - K^-1) dK/dtheta), by
// iRprop- (sign-based steps: robust to the very different scales of the gradient's components,
// no line search) inside box bounds, from one fixed and a few seeded starting points: the same
// (X, y, seed) always gives the same hyperparameters.
import { Rng } from '../../analysis/rng';
import { factor, pairDistances, pairsOf, type GpHyper, type Pairs } from './kernel';

const SQRT5 = Math.sqrt(5);

/** Bounds of the fitted hyperparameters (the inputs span [0, 1], the outputs have variance 1).
 * Length scales above ~3 make a dimension irrelevant (ARD switches it off); below 0.03 the model
 * would explain 24 points as spikes. The noise floor 1e-6 keeps K factorable. */
export const LENGTH_BOUNDS: [number, number] = [0.03, 20];
export const SIGNAL_BOUNDS: [number, number] = [0.05, 20];
export const NOISE_BOUNDS: [number, number] = [1e-6, 1];

function lmlWithGradient(pairs: Pairs, ys: readonly number[], hyper: GpHyper): { value: number; gradient: number[] } | null {
  const r = pairDistances(pairs, hyper.lengthScales);
  const f = factor(pairs, r, ys, hyper);
  if (!f) return null;
  const { n, D, diff2 } = pairs;
  const { L, alpha } = f;
  // K^-1 = L^-T L^-1, from the inverse of the triangular factor (both n^3/6). C[j] is column j of
  // L^-1 (C[j][i] = (L^-1)_ij, zero for i < j), so that both loops run along contiguous rows.
  const C = Array.from({ length: n }, () => new Float64Array(n));
  for (let j = 0; j < n; j++) {
    const c = C[j];
    c[j] = 1 / L[j][j];
    for (let i = j + 1; i < n; i++) {
      const row = L[i];
      let s = 0;
      for (let k = j; k < i; k++) s += row[k] * c[k];
      c[i] = -s / row[i];
    }
  }
  const kinv = (i: number, j: number) => {
    const a = C[i];
    const b = C[j];
    let s = 0;
    for (let k = i > j ? i : j; k < n; k++) s += a[k] * b[k];
    return s;
  };
  const { lengthScales: ls, signalVariance: s2, noiseVariance: noise } = hyper;
  const inv = ls.map((l) => 1 / (l * l));
  const g = new Array<number>(D + 2).fill(0);
  for (let i = 0, p = 0; i < n; i++) {
    const wii = alpha[i] * alpha[i] - kinv(i, i); // W = alpha alpha' - K^-1
    g[D] += 0.5 * wii * s2;
    g[D + 1] += 0.5 * wii * noise;
    for (let j = 0; j < i; j++, p++) {
      // The pair (i, j) and (j, i): twice, times the 0.5 of the trace formula.
      const w = alpha[i] * alpha[j] - kinv(i, j);
      const rp = r[p];
      const ex = Math.exp(-SQRT5 * rp);
      g[D] += w * s2 * (1 + SQRT5 * rp + (5 / 3) * rp * rp) * ex;
      // dk/dlog l_d = s2 * 5/3 * (1 + sqrt5 r) exp(-sqrt5 r) * (a_d - b_d)^2 / l_d^2
      const common = w * s2 * (5 / 3) * (1 + SQRT5 * rp) * ex;
      for (let d = 0; d < D; d++) g[d] += common * diff2[p * D + d] * inv[d];
    }
  }
  return { value: f.lml, gradient: g };
}

/** The log marginal likelihood of standardised outputs ys and its gradient with respect to
 * [log l_1..log l_D, log s2, log noise]. null when K cannot be factored. */
export function logMarginalLikelihood(X: readonly number[][], ys: readonly number[], hyper: GpHyper) {
  return lmlWithGradient(pairsOf(X), ys, hyper);
}

export interface FitOptions {
  seed: number;
  /** Seeded starting points besides the fixed one (default 3; 1 past 50 points, 0 past 100). */
  restarts?: number;
  /** Maximum iRprop- iterations per start (default 100, 60 past 100 points; most stop earlier). */
  iterations?: number;
}

const toTheta = (h: GpHyper) => [...h.lengthScales.map(Math.log), Math.log(h.signalVariance), Math.log(h.noiseVariance)];
export const fromTheta = (t: readonly number[]): GpHyper => ({
  lengthScales: t.slice(0, -2).map(Math.exp),
  signalVariance: Math.exp(t[t.length - 2]),
  noiseVariance: Math.exp(t[t.length - 1]),
});

function thetaBounds(D: number): [number, number][] {
  const b = (r: [number, number]): [number, number] => [Math.log(r[0]), Math.log(r[1])];
  return [...Array.from({ length: D }, () => b(LENGTH_BOUNDS)), b(SIGNAL_BOUNDS), b(NOISE_BOUNDS)];
}

/** iRprop- ascent from theta0, projected on the bounds; the best point visited. */
function ascend(pairs: Pairs, ys: readonly number[], theta0: number[], iterations: number) {
  const bounds = thetaBounds(pairs.D);
  const theta = theta0.map((v, i) => Math.min(bounds[i][1], Math.max(bounds[i][0], v)));
  let cur = lmlWithGradient(pairs, ys, fromTheta(theta));
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
        g[i] = 0; // iRprop-: no step for this component after a sign change
      }
      theta[i] = Math.min(bounds[i][1], Math.max(bounds[i][0], theta[i] + Math.sign(g[i]) * step[i]));
    }
    prev = g;
    cur = lmlWithGradient(pairs, ys, fromTheta(theta));
    if (cur && cur.value > best.value) {
      stale = cur.value > best.value + 1e-6 ? 0 : stale + 1;
      best = { theta: theta.slice(), value: cur.value };
    } else stale++;
    // Converged (or oscillating at a bound): 10 steps without a gain worth having.
    if (stale >= 10 || step.every((s) => s < 1e-4)) break;
  }
  return best;
}

/** The hyperparameters: the best of a fixed start and `restarts` seeded ones. */
export function fitHyper(X: readonly number[][], ys: readonly number[], opts: FitOptions): GpHyper {
  const pairs = pairsOf(X);
  const D = pairs.D;
  // Each likelihood costs O(n^3): past ~50 points (long experiments, up to 200 calls) fewer
  // starts, which many points need less anyway (the likelihood is sharper, with fewer local optima).
  const n = pairs.n;
  const iterations = opts.iterations ?? (n <= 100 ? 100 : 60);
  const restarts = opts.restarts ?? (n <= 50 ? 3 : n <= 100 ? 1 : 0);
  const starts: number[][] = [toTheta({ lengthScales: Array(D).fill(0.3), signalVariance: 1, noiseVariance: 1e-3 })];
  const rng = new Rng(opts.seed);
  for (let k = 0; k < restarts; k++) {
    // Length scales drawn in log space over [0.05, 2] (plausible in a unit cube), the rest near 1 / 1e-3.
    starts.push([
      ...Array.from({ length: D }, () => rng.float(Math.log(0.05), Math.log(2))),
      rng.float(Math.log(0.3), Math.log(3)),
      rng.float(Math.log(1e-5), Math.log(1e-1)),
    ]);
  }
  let best: { theta: number[]; value: number } | null = null;
  for (const s of starts) {
    const r = ascend(pairs, ys, s, iterations);
    if (r && (!best || r.value > best.value)) best = r;
  }
  // Nothing could be factored (should not happen above the noise floor): the middle of the box.
  return fromTheta(best?.theta ?? thetaBounds(D).map(([a, b]) => (a + b) / 2));
}

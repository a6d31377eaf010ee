// The next point of a Bayesian optimisation, as a PURE function of (space, history, seed): an
// experiment resumed after a restart rebuilds the history from its stored calls and gets the same
// next point, so nothing (no model, no RNG state) has to be persisted between calls.
//   call 0 (when `defaults` is given): the defaults, verbatim (the program as written, so its score
//          can be compared with the recorded one bit for bit)
//   the next `initialRandom` calls: uniform random points of the cube; point k depends on
//          (seed, k) only
//   then guided: a GP (gp.ts) fitted on every observation so far, and the candidate with the
//          largest expected improvement (ei.ts) among ~2000 seeded uniform points, perturbations of
//          the best observations, and a second round of perturbations of the best candidates; the
//          RNG of that call is derived from (seed, history length)
// It MAXIMISES: a caller minimising a score negates it.
// Failed observations (value null) count as the worst value observed so far: the region that
// crashed is unattractive, but not more than the worst real score. EvoReplay instead scores a
// failure 0.0, which is "the worst" only when scores are positive: with negative scores (a cost
// written as -cost) a crash would look like the best point of the run.
import { hash32, Rng } from '../../analysis/rng';
import { DEFAULT_XI, expectedImprovement } from './ei';
import { GaussianProcess } from './gp';
import { fromUnit, pointKey, snapUnit, spaceSize, toUnit, validateSpace, type BoDimension, type BoPoint } from './space';

export type { BoDimension, BoPoint } from './space';

export interface BoObservation {
  point: Record<string, number>;
  /** The objective (higher is better); null: the evaluation failed. */
  value: number | null;
}

export interface SuggestOptions {
  seed: number;
  /** Random points after the defaults (or from the start without defaults). */
  initialRandom: number;
  /** The first point to evaluate (every dimension's value). */
  defaults?: Record<string, number>;
  /** EI's exploration margin in standardised units (default DEFAULT_XI = 0.01). */
  xi?: number;
  /** Uniform candidates of a guided call (default 2000). */
  candidates?: number;
}

export type SuggestPhase = 'default' | 'random' | 'guided';

export interface Suggestion {
  point: Record<string, number>;
  phase: SuggestPhase;
  /** Guided calls: the EI of the point chosen and the GP's posterior there (original units). */
  model?: { ei: number; mean: number; sd: number };
}

/** The values the optimiser is told: failures replaced by the worst observed value (null while
 * nothing has succeeded yet). */
export function objectiveValues(history: readonly BoObservation[]): (number | null)[] {
  const ok = history.map((h) => h.value).filter((v): v is number => v !== null && Number.isFinite(v));
  const worst = ok.length ? Math.min(...ok) : null;
  return history.map((h) => (h.value !== null && Number.isFinite(h.value) ? h.value : worst));
}

const rngFor = (what: string, seed: number, k: number) => new Rng(hash32(`bo:${what}:${seed}:${k}`));

function randomUnit(rng: Rng, D: number): number[] {
  return Array.from({ length: D }, () => rng.next());
}

/** The random point of call k: a function of (seed, k); in an integer space, one not evaluated
 * yet when there is one left to find. */
function randomPoint(space: readonly BoDimension[], seed: number, k: number, seen: Set<string>): BoPoint {
  const rng = rngFor('random', seed, k);
  let point = fromUnit(space, randomUnit(rng, space.length));
  const avoidable = seen.size < spaceSize(space);
  for (let tries = 0; avoidable && seen.has(pointKey(space, point)) && tries < 200; tries++) {
    point = fromUnit(space, randomUnit(rng, space.length));
  }
  return point;
}

function checkDefaults(space: readonly BoDimension[], defaults: Record<string, number>): BoPoint {
  const out: BoPoint = {};
  for (const d of space) {
    const v = defaults[d.name];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`The defaults have no finite value for dimension "${d.name}"`);
    out[d.name] = v;
  }
  return out;
}

const clip01 = (v: number) => Math.min(1, Math.max(0, v));

export function suggestNext(space: readonly BoDimension[], history: readonly BoObservation[], opts: SuggestOptions): Suggestion {
  validateSpace(space);
  const n = history.length;
  const seen = new Set(history.map((h) => pointKey(space, h.point)));
  const start = opts.defaults ? 1 : 0;
  if (opts.defaults && n === 0) return { point: checkDefaults(space, opts.defaults), phase: 'default' };
  if (n < start + opts.initialRandom) return { point: randomPoint(space, opts.seed, n, seen), phase: 'random' };

  const values = objectiveValues(history);
  // Nothing succeeded yet: no model to fit, keep exploring at random.
  if (values[0] === null) return { point: randomPoint(space, opts.seed, n, seen), phase: 'random' };
  const X = history.map((h) => toUnit(space, h.point));
  const y = values as number[];
  const gp = GaussianProcess.fit(X, y, { seed: hash32(`bo:fit:${opts.seed}:${n}`) });
  const best = Math.max(...y.map((v) => (v - gp.yMean) / gp.yStd));
  const xi = opts.xi ?? DEFAULT_XI;
  const D = space.length;
  const rng = rngFor('guided', opts.seed, n);

  let top: { u: number[]; ei: number; mean: number; sd: number } | null = null;
  const ranked: { u: number[]; ei: number }[] = [];
  // Integer dimensions: EI is computed where the point will really be (its slice's centre), and
  // evaluated points are skipped. A float dimension makes a repeat a measure-zero event: no check.
  const hasInt = space.some((d) => d.type === 'int');
  const consider = (raw: number[]) => {
    const u = hasInt ? snapUnit(space, raw) : raw;
    const p = gp.standardisedPosterior(u);
    const sd = Math.sqrt(p.variance);
    const ei = expectedImprovement(p.mean, sd, best, xi);
    ranked.push({ u, ei });
    if (hasInt && seen.has(pointKey(space, fromUnit(space, u)))) return; // already evaluated
    if (!top || ei > top.ei) top = { u, ei, mean: p.mean, sd };
  };

  for (let i = 0; i < (opts.candidates ?? 2000); i++) consider(randomUnit(rng, D));
  // Around the best observations: where EI is usually highest once the model has found a hill.
  const order = y.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const scales = [0.02, 0.05, 0.1, 0.2];
  for (const [, i] of order.slice(0, 5)) {
    for (let j = 0; j < 80; j++) consider(X[i].map((v) => clip01(v + rng.gaussian(0, scales[j % scales.length]))));
  }
  // Polish the most promising candidates found so far.
  const seeds = ranked.sort((a, b) => b.ei - a.ei).slice(0, 5).map((c) => c.u);
  for (const u0 of seeds) {
    for (let j = 0; j < 40; j++) consider(u0.map((v) => clip01(v + rng.gaussian(0, j % 2 ? 0.01 : 0.03))));
  }

  if (!top) top = enumerateUnseen(space, seen, gp, best, xi); // an integer space nearly exhausted
  if (!top) {
    // Every point of an integer space evaluated: nothing new to try, repeat the best one.
    return { point: { ...history[order[0][1]].point }, phase: 'guided' };
  }
  const chosen: { u: number[]; ei: number; mean: number; sd: number } = top;
  return {
    point: fromUnit(space, chosen.u),
    phase: 'guided',
    model: { ei: chosen.ei * gp.yStd, mean: gp.yMean + gp.yStd * chosen.mean, sd: gp.yStd * chosen.sd },
  };
}

/** In a small integer space whose random candidates all hit evaluated points: the unevaluated
 * point with the largest EI, found by listing them (up to 100,000 points). */
function enumerateUnseen(space: readonly BoDimension[], seen: Set<string>, gp: GaussianProcess, best: number, xi: number) {
  const size = spaceSize(space);
  if (!(size <= 100_000) || seen.size >= size) return null;
  let top: { u: number[]; ei: number; mean: number; sd: number } | null = null;
  const idx = space.map(() => 0);
  const counts = space.map((d) => Math.floor(d.high) - Math.ceil(d.low) + 1);
  for (let k = 0; k < size; k++) {
    const point: BoPoint = {};
    space.forEach((d, i) => (point[d.name] = Math.ceil(d.low) + idx[i]));
    if (!seen.has(pointKey(space, point))) {
      const u = toUnit(space, point);
      const p = gp.standardisedPosterior(u);
      const sd = Math.sqrt(p.variance);
      const ei = expectedImprovement(p.mean, sd, best, xi);
      if (!top || ei > top.ei) top = { u, ei, mean: p.mean, sd };
    }
    for (let i = 0; i < idx.length && ++idx[i] === counts[i]; i++) idx[i] = 0;
  }
  return top;
}

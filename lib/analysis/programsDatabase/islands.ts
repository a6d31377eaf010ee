// Island resets. Seed 002: "Weak islands are periodically reset by copying the best performing
// function from a randomly sampled surviving island." with `reset_programs=1200 # Programs per
// island before weak islands reset`. The seed does not say which islands are weak nor how ties
// go; this follows DeepMind's FunSearch (ProgramsDatabase.reset_islands):
// - the islands are ordered by their best score plus N(0, 1) * 1e-6 noise ("minor noise to break
//   ties"; scores closer than about 1e-6 may swap too, as in FunSearch), ascending;
// - the first floor(num_islands / 2) are reset, the rest survive;
// - each reset island, in that order, takes the best program of a survivor drawn uniformly
//   (numpy random.choice over the survivors, with replacement: two reset islands may share a donor).
// The noise comes from the caller's seed, so a plan is reproducible. `tieBreak: 'index'` is the
// seed implementation's plain argsort (no noise: equal scores keep island order).
// An island that never stored a program has best -Infinity (FunSearch's start value); NaN is
// read as -Infinity (FunSearch never stores NaN as a best: NaN > best is false).

import { Rng } from '../rng';
import type { Random } from './prompt';

export const TIE_NOISE = 1e-6;

export type ResetOptions = {
  seed?: number | string;
  /** Overrides the seed (tests script it). */
  random?: Random;
  tieBreak?: 'noise' | 'index';
};

export type IslandReset = { island: number; donor: number; donorScore: number };

export type ResetPlan = {
  /** Island ids from weakest to strongest, as sorted (noise included). */
  order: number[];
  reset: IslandReset[];
  keep: number[];
};

/** Standard normal deviate from two uniforms (Box-Muller), the same formula as Rng.gaussian. */
function normal(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) never happens
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function planIslandReset(bestScores: readonly number[], opts: ResetOptions = {}): ResetPlan {
  const rng = opts.random ? null : new Rng(opts.seed ?? 0);
  const random: Random = opts.random ?? (() => rng!.next());
  const tieBreak = opts.tieBreak ?? 'noise';
  const best = bestScores.map((s) => (Number.isNaN(s) ? -Infinity : s));
  // FunSearch draws all the noise first (one randn per island), then one donor per reset island.
  const keyed = best.map((s, i) => ({ i, key: tieBreak === 'noise' ? s + normal(random) * TIE_NOISE : s }));
  // -Infinity plus noise is still -Infinity: those ties fall back to island order.
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const order = keyed.map((k) => k.i);
  const numReset = Math.floor(best.length / 2);
  const keep = order.slice(numReset);
  const reset = order.slice(0, numReset).map((island) => {
    const donor = keep[Math.min(keep.length - 1, Math.floor(random() * keep.length))];
    return { island, donor, donorScore: best[donor] };
  });
  return { order, reset, keep };
}

export type ResetConfig = {
  /** Seconds between resets (DeepMind's reset_period; the seed implementation's optional gate). */
  resetPeriod?: number | null;
  /** Programs every island must hold first (the seed's reset_programs). */
  resetPrograms?: number | null;
};

/**
 * Whether a reset is due. The seed implementation: every island holds at least reset_programs
 * programs, and, when reset_period is set, more than reset_period seconds passed since the last
 * reset. DeepMind's FunSearch (no reset_programs): only the time. Neither set: never.
 */
export function resetDue(
  state: { programsPerIsland: readonly number[]; secondsSinceLastReset: number },
  config: ResetConfig,
): { due: boolean; reason: string } {
  const { resetPeriod, resetPrograms } = config;
  const hasPeriod = typeof resetPeriod === 'number' && Number.isFinite(resetPeriod);
  const hasPrograms = typeof resetPrograms === 'number' && Number.isFinite(resetPrograms);
  if (!hasPeriod && !hasPrograms) return { due: false, reason: 'no reset_period or reset_programs' };
  if (hasPeriod && !(state.secondsSinceLastReset > resetPeriod)) {
    return { due: false, reason: `${state.secondsSinceLastReset} s since the last reset, not more than reset_period ${resetPeriod} s` };
  }
  if (hasPrograms) {
    const short = state.programsPerIsland.flatMap((n, i) => (n < resetPrograms ? [i] : []));
    if (short.length) return { due: false, reason: `island(s) ${short.join(', ')} hold fewer than reset_programs ${resetPrograms}` };
  }
  return { due: true, reason: hasPrograms ? `every island holds at least ${resetPrograms} programs` : `more than ${resetPeriod} s since the last reset` };
}

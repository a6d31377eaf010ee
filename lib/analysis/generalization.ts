// Public vs private generalization of a run's public best-so-far chain (paper §5.3, B.7).
//
// Input: the chain (bestSoFar.ts, on the recorded public score) with, per step, the latest
// re-run on the public test set and on the private one. Output: per-step public and private
// scores and changes, the steps that overfit, and EvoReplay's verdict for the run.
//
// The verdict is EvoReplay's `_classify` (ZIB-IOL/EvoReplay, commit ff6300d,
// src/evo_replay/breakthrough_replay/public_vs_private.py), read in full:
//   seed, final = rows[0], rows[-1]   (first and last event of the public best-so-far chain)
//   n/a             if n_events < 2 or a public or private value of seed/final is missing
//   overfit_severe  if Δpublic > 0 and Δprivate < -200   (rating points on ALE)
//   overfit_mild    if Δpublic > 0 and Δprivate < 0
//   aligned         if Δpublic > 0 and Δprivate > 0
//   other           otherwise (public flat or down, or private exactly unchanged)
// Evoscope's departures, each deliberate:
//   - Δpublic is a plain difference; EvoReplay takes it as a percentage of |seed|, which makes a
//     seed public score of exactly 0 "n/a". The sign, all the verdict uses, is otherwise the same.
//   - The threshold is in the score's own units (a setting; see resolveThreshold), not 200.
//   - "Up" means "better": for a run whose score is minimised, a fall is a gain.
//   - The public score of a step is its public re-run when there is one (the evaluator as
//     attached now), else the recorded score, and each step says which (publicSource).
//   - The chain is every strict improvement (bestSoFar.ts). EvoReplay's private_eval_lineage.py
//     takes the best program of each OpenEvolve checkpoint, which merges improvements made
//     between two checkpoints and may start after the seed; the per-step marks are finer here.
import type { GeneralizationStep, Verdict } from '../contracts/generalizationTypes';

/** One re-run of a program on one test set; score null when it failed (status says why). */
export interface RerunScore {
  score: number | null;
  status: string;
}

export interface ChainStepInput {
  programId: string;
  externalId: string;
  iteration: number;
  /** The recorded public score that made the program a best-so-far point. */
  recordedScore: number;
  publicRerun: RerunScore | null;
  privateRerun: RerunScore | null;
}

export interface GeneralizationResult {
  higherIsBetter: boolean;
  /** Null: not applicable (a share of the first program's private score, which is missing). */
  threshold: number | null;
  steps: GeneralizationStep[];
  verdict: Verdict;
  /** Why the verdict is what it is, in one sentence (names the missing step when not scored). */
  verdictReason: string;
  /** Last minus first, raw (null when not scored). */
  publicChange: number | null;
  privateChange: number | null;
  /** Steps whose public score is the recorded one (no public re-run). */
  recordedPublicSteps: number;
  privateScoredSteps: number;
  overfitSteps: number;
}

/** Gain in the run's direction: positive is better. */
const gain = (d: number, higherIsBetter: boolean) => (higherIsBetter ? d : -d);

/** EvoReplay's classification of one (Δpublic, Δprivate) pair, as gains (positive = better). */
export function classifyChange(publicGain: number, privateGain: number, threshold: number): Exclude<Verdict, 'not-scored'> {
  if (publicGain > 0 && privateGain < -threshold) return 'overfit-severe';
  if (publicGain > 0 && privateGain < 0) return 'overfit-mild';
  if (publicGain > 0 && privateGain > 0) return 'aligned';
  return 'other';
}

/**
 * `threshold` is null when it cannot be known (resolveThreshold: a share of the first program's
 * private score, which is missing); a verdict needs that score anyway, so none is computed then.
 */
export function generalization(chain: readonly ChainStepInput[], higherIsBetter: boolean, threshold: number | null): GeneralizationResult {
  let lastPublic: number | null = null;
  let lastPrivate: number | null = null;
  const steps = chain.map((c, index): GeneralizationStep => {
    const rerunPublic = c.publicRerun?.score ?? null;
    const pub = rerunPublic ?? c.recordedScore;
    const priv = c.privateRerun?.score ?? null;
    const dPublic = lastPublic === null ? null : pub - lastPublic;
    const dPrivate = priv === null || lastPrivate === null ? null : priv - lastPrivate;
    lastPublic = pub;
    if (priv !== null) lastPrivate = priv;
    return {
      index,
      programId: c.programId,
      externalId: c.externalId,
      iteration: c.iteration,
      recordedScore: c.recordedScore,
      public: pub,
      publicSource: rerunPublic === null ? 'recorded' : 'rerun',
      private: priv,
      privateMissing: priv !== null ? null : c.privateRerun ? `private re-run failed (${c.privateRerun.status})` : 'not re-scored',
      dPublic,
      dPrivate,
      overfit: dPublic !== null && dPrivate !== null && gain(dPublic, higherIsBetter) > 0 && gain(dPrivate, higherIsBetter) < 0,
    };
  });
  const base = {
    higherIsBetter,
    threshold,
    steps,
    recordedPublicSteps: steps.filter((s) => s.publicSource === 'recorded').length,
    privateScoredSteps: steps.filter((s) => s.private !== null).length,
    overfitSteps: steps.filter((s) => s.overfit).length,
  };
  const notScored = (verdictReason: string): GeneralizationResult => ({
    ...base,
    verdict: 'not-scored',
    verdictReason,
    publicChange: null,
    privateChange: null,
  });
  if (steps.length < 2) return notScored(`the best-so-far chain has ${steps.length} program${steps.length === 1 ? '' : 's'}; a verdict needs a first and a last`);
  const first = steps[0];
  const last = steps[steps.length - 1];
  for (const [which, s] of [['first', first], ['last', last]] as const) {
    if (s.private === null) return notScored(`the chain's ${which} program (${s.externalId}, iteration ${s.iteration}) has no private score: ${s.privateMissing}`);
  }
  if (threshold === null) throw new Error('a verdict needs a threshold: the first program has a private score, so resolveThreshold gives one');
  const publicChange = last.public! - first.public!;
  const privateChange = last.private! - first.private!;
  const verdict = classifyChange(gain(publicChange, higherIsBetter), gain(privateChange, higherIsBetter), threshold);
  return { ...base, verdict, verdictReason: reasonFor(verdict, threshold, higherIsBetter), publicChange, privateChange };
}

function reasonFor(v: Verdict, threshold: number, higherIsBetter: boolean): string {
  const better = higherIsBetter ? 'up' : 'down (lower is better)';
  switch (v) {
    case 'aligned':
      return `public and private both got better from the first to the last program of the chain (${better})`;
    case 'overfit-severe':
      return `public got better but private got worse by more than ${threshold}`;
    case 'overfit-mild':
      return `public got better but private got worse, by at most ${threshold}`;
    default:
      return 'public did not get better from the first to the last program, or private is unchanged';
  }
}

/** Where the severe-overfit threshold came from, for the page to say. */
export interface ThresholdSetting {
  /** An absolute threshold in score units for every run (null: use `relative`). */
  absolute: number | null;
  /** Otherwise: this share of |private score of the chain's first program|. */
  relative: number;
}

export const DEFAULT_THRESHOLD_SETTING: ThresholdSetting = { absolute: null, relative: 0.05 };

export interface ResolvedThreshold {
  /** Null: not applicable, because it is a share of a private score the chain's first program lacks. */
  value: number | null;
  source: 'run' | 'global' | 'relative';
  description: string;
}

/**
 * The threshold for one run, in its score's units: the run's own override, else the global
 * absolute setting, else a share of the first program's private score. Scores differ by orders
 * of magnitude between tasks (a sum of radii near 2.6, an AHC score in the millions), so no single
 * absolute number is a sensible default; a share of the seed's private score is.
 */
export function resolveThreshold(runOverride: number | null, setting: ThresholdSetting, firstPrivate: number | null): ResolvedThreshold {
  if (runOverride !== null) return { value: runOverride, source: 'run', description: `${runOverride} (this run's setting)` };
  if (setting.absolute !== null) return { value: setting.absolute, source: 'global', description: `${setting.absolute} (global setting)` };
  const share = `${Number((setting.relative * 100).toPrecision(6))} % of the first program's private score`;
  // Not 0: a 0 threshold would read as "any private loss is severe", which nothing measured says.
  if (firstPrivate === null) {
    return {
      value: null,
      source: 'relative',
      description: `not applicable: it is ${share} (no absolute threshold set), and the chain's first program has no private score yet; re-score the chain on the private set, or set an absolute threshold`,
    };
  }
  const value = Math.abs(firstPrivate) * setting.relative;
  return {
    value,
    source: 'relative',
    description: `${Number(value.toPrecision(6))} (${share}; no absolute threshold set)`,
  };
}

// The tuning report (issue 11, the paper's §5.4): from the search's calls, the best-so-far
// curve, the tuning ceiling, the tuned parameters, and how the ceiling compares with the
// program's own score and with the run's final best. Pure (no database): the runner
// (lib/services/experiments/tune.ts) calls it after each call for the page's partial report and once at
// the end.
import type { CallOutcome, Knob, KnobLanguage, TuneCall, TunePhase, TuneReport } from '../../contracts/interventionTypes';

/**
 * Two scores are "the same" (the tuned program matches the run's final best) when they differ
 * by at most 1e-9 relative to the larger magnitude (1e-9 absolute below magnitude 1): equal up
 * to floating-point noise, nothing looser. A ceiling above that, in the run's direction, beats it.
 */
export const MATCH_TOLERANCE = 1e-9;

export function sameScore(a: number, b: number): boolean {
  return Math.abs(a - b) <= MATCH_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The value the optimiser maximises: the score, negated when lower is better; null when the call failed. */
export function objectiveOf(score: number | null, status: CallOutcome['status'], higherIsBetter: boolean): number | null {
  if (status !== 'ok' || score === null || !Number.isFinite(score)) return null;
  return higherIsBetter ? score : -score;
}

export interface SearchCall {
  idx: number;
  phase: TunePhase;
  params: Record<string, number>;
  status: CallOutcome['status'];
  score: number | null;
}

/**
 * The calls as the report shows them: `objective` is what the optimiser was told (the maximised
 * value; a failed call counts as the worst value seen before it, null when none was).
 */
export function tuneCalls(calls: SearchCall[], higherIsBetter: boolean): TuneCall[] {
  let worst: number | null = null;
  return calls.map((c) => {
    const v = objectiveOf(c.score, c.status, higherIsBetter);
    const objective = v ?? worst;
    if (v !== null) worst = worst === null ? v : Math.min(worst, v);
    return { idx: c.idx, phase: c.phase, params: c.params, status: c.status, score: v === null ? null : c.score, objective };
  });
}

export interface TuneReportInput {
  language: KnobLanguage;
  knobs: Knob[];
  higherIsBetter: boolean;
  originalScore: number | null;
  rewriteScore: number | null;
  calls: SearchCall[];
  runFinalBest: number | null;
  rewriteSha: string | null;
  /** sha of each search call's rendered program, by idx (the tuned program is the best call's). */
  shaOf: (idx: number) => string | null;
}

export function buildTuneReport(input: TuneReportInput): TuneReport {
  const { higherIsBetter: hib, originalScore: original, runFinalBest: finalBest } = input;
  const dir = hib ? 1 : -1;
  const calls = tuneCalls(input.calls, hib);
  const bestSoFar: (number | null)[] = [];
  let best: TuneCall | null = null;
  for (const c of calls) {
    // Strictly better only: on a tie the earlier call (the defaults first) stays the best.
    if (c.score !== null && (best === null || dir * (c.score - best.score!) > 0)) best = c;
    bestSoFar.push(best?.score ?? null);
  }
  const ceiling = best?.score ?? null;
  const has = (x: number | null): x is number => x !== null && Number.isFinite(x);
  // §5.4: "the tuning gap measures how much of the evolutionary gain reflects structural
  // discovery rather than parametric search": the run's final best minus this program's tuning
  // ceiling, signed so that positive means the run went further than tuning reaches (its later
  // gain needed structure); zero or negative means tuning alone matches or passes it.
  const gap = has(ceiling) && has(finalBest) ? dir * (finalBest - ceiling) : null;
  const improvement = has(ceiling) && has(original) ? dir * (ceiling - original) : null;
  const later = has(finalBest) && has(original) ? finalBest - original : null;
  const recoveredShare = has(ceiling) && has(original) && later !== null && later !== 0 ? (ceiling - original) / later : null;
  const matches = has(ceiling) && has(finalBest) ? sameScore(ceiling, finalBest) : null;
  const beats = has(ceiling) && has(finalBest) ? !sameScore(ceiling, finalBest) && dir * (ceiling - finalBest) > 0 : null;
  return {
    kind: 'tune',
    language: input.language,
    knobs: input.knobs,
    higherIsBetter: hib,
    originalScore: original,
    rewriteScore: input.rewriteScore,
    rewriteReproduces: has(original) && input.rewriteScore === original,
    calls,
    bestSoFar,
    ceiling,
    bestParams: best?.params ?? null,
    tunedSha: best ? input.shaOf(best.idx) : null,
    rewriteSha: input.rewriteSha,
    improvement,
    runFinalBest: finalBest,
    gap,
    recoveredShare,
    matchesFinalBest: matches,
    beatsFinalBest: beats,
  };
}

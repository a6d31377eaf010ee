// What an ablation variant says about the change it undid. contribution = child score - variant
// score, signed so that positive is the run's better direction: undoing the change lost that much,
// so the change carried it. Deterministic evaluators give bit-identical scores for equivalent
// programs, but stochastic ones jitter, so a small band around zero counts as neutral: 5% of the
// edit's own gain |child - parent| (at least 1e-9, which absorbs float noise when the edit gained
// nothing or a score is missing). The report stores the tolerance it used.
import type { AblationVerdict } from '../../contracts/interventionTypes';

export const TOLERANCE_SHARE = 0.05;
export const MIN_TOLERANCE = 1e-9;

export function ablationTolerance(parentScore: number | null, childScore: number | null): number {
  if (parentScore === null || childScore === null || !Number.isFinite(parentScore) || !Number.isFinite(childScore)) return MIN_TOLERANCE;
  return Math.max(MIN_TOLERANCE, TOLERANCE_SHARE * Math.abs(childScore - parentScore));
}

/** child - variant in the better direction; null when either score is missing. */
export function contributionOf(childScore: number | null, variantScore: number | null, higherIsBetter: boolean): number | null {
  if (childScore === null || variantScore === null || !Number.isFinite(childScore) || !Number.isFinite(variantScore)) return null;
  return higherIsBetter ? childScore - variantScore : variantScore - childScore;
}

/**
 * 'carried' when undoing the change loses more than the tolerance, 'hurt' when it gains more
 * than the tolerance (the change cost score), 'neutral' in between, 'failed' when the variant
 * has no score. With no child score there is nothing to measure against: 'failed' too.
 */
export function ablationVerdict(variantScore: number | null, contribution: number | null, tolerance: number): AblationVerdict {
  if (variantScore === null || !Number.isFinite(variantScore) || contribution === null) return 'failed';
  if (contribution > tolerance) return 'carried';
  if (contribution < -tolerance) return 'hurt';
  return 'neutral';
}

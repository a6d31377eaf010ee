// The score change of a program against its first parent in the archive, for the program page.
// Pure. "Better" follows the run's direction (higher or lower is better).
import { formatScore } from '../ui/format';

export interface ScoreDelta {
  /** "+0.25 vs parent", "−0.05 vs parent", "±0 vs parent". */
  text: string;
  direction: 'better' | 'worse' | 'same';
  delta: number;
}

/**
 * Null when there is nothing to compare: no parent in the archive, or either score missing
 * (an invalid parent counts as missing: its score, if any, is not a score the search kept).
 */
export function scoreDelta(
  score: number | null,
  parent: { score: number | null; valid: boolean | null } | null | undefined,
  higherIsBetter: boolean,
): ScoreDelta | null {
  if (score === null || !parent || !parent.valid || parent.score === null) return null;
  // Rounded to the precision shown, so that 0.7 - 0.75 reads -0.05, not -0.05000000000000004.
  const delta = Number((score - parent.score).toPrecision(6));
  if (delta === 0) return { text: '±0 vs parent', direction: 'same', delta };
  const up = delta > 0;
  return {
    text: `${up ? '+' : '−'}${formatScore(Math.abs(delta))} vs parent`,
    direction: up === higherIsBetter ? 'better' : 'worse',
    delta,
  };
}

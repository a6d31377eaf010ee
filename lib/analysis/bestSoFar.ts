// Best-so-far: defined once here and used by every view, export and CLI.

/** A program as the best-so-far measure sees it. */
export interface ScoredProgram {
  seq: number;
  /** Effective iteration (see lib/trace/order.ts). */
  iteration: number;
  value: number | null;
  valid: boolean;
  programId: string;
  externalId: string;
}

export interface BestSoFarPoint {
  seq: number;
  iteration: number;
  score: number;
  programId: string;
  externalId: string;
}

export interface BestSoFarResult {
  metric: string;
  higherIsBetter: boolean;
  definition: string;
  /** Strict improvements, in canonical order. The first valid program is the first point. */
  points: BestSoFarPoint[];
  finalBest: BestSoFarPoint | null;
  firstIteration: number | null;
  lastIteration: number | null;
  /** Iteration of the final best divided by the last iteration of the run. */
  normalisedIterationOfBest: number | null;
  /**
   * Share of the total gain (final best minus first valid score) reached by each tenth of the
   * budget: gainByBudget[k] is the share reached by iteration (k / 10) * lastIteration.
   * All ones when there is no gain. Shows the "jackpot-then-flat" shape.
   */
  gainByBudget: number[];
}

export const BEST_SO_FAR_DEFINITION =
  'Best-so-far: strict improvements of the chosen metric over the canonical program order ' +
  '(iteration, then timestamp), counting valid programs with a finite value only.';

/**
 * Strict improvements of `value` over the given order (callers pass programs sorted by seq).
 * Invalid programs and programs without a finite value never count.
 */
export function bestSoFar(programs: readonly ScoredProgram[], metric: string, higherIsBetter = true): BestSoFarResult {
  const better = (a: number, b: number) => (higherIsBetter ? a > b : a < b);
  const points: BestSoFarPoint[] = [];
  let best: BestSoFarPoint | null = null;
  let lastIteration: number | null = null;
  let firstIteration: number | null = null;
  for (const p of programs) {
    lastIteration = lastIteration === null ? p.iteration : Math.max(lastIteration, p.iteration);
    firstIteration = firstIteration === null ? p.iteration : Math.min(firstIteration, p.iteration);
    if (!p.valid || p.value === null || !Number.isFinite(p.value)) continue;
    if (best === null || better(p.value, best.score)) {
      best = { seq: p.seq, iteration: p.iteration, score: p.value, programId: p.programId, externalId: p.externalId };
      points.push(best);
    }
  }
  const normalisedIterationOfBest =
    best && lastIteration !== null && lastIteration > 0 ? best.iteration / lastIteration : best ? 0 : null;
  return {
    metric,
    higherIsBetter,
    definition: BEST_SO_FAR_DEFINITION,
    points,
    finalBest: best,
    firstIteration,
    lastIteration,
    normalisedIterationOfBest,
    gainByBudget: gainByBudget(points, lastIteration ?? 0),
  };
}

function gainByBudget(points: BestSoFarPoint[], lastIteration: number): number[] {
  if (points.length === 0) return [];
  const first = points[0].score;
  const total = points[points.length - 1].score - first;
  return Array.from({ length: 11 }, (_, k) => {
    if (total === 0) return 1;
    const cutoff = (k / 10) * lastIteration;
    let reached = first;
    for (const p of points) if (p.iteration <= cutoff) reached = p.score;
    return (reached - first) / total;
  });
}

// Cumulative LLM cost along a run, to put cost on the x axis of best-so-far curves (compare page).
// Two bases, as for the run's total (lib/db/runCost.ts):
//   'counters': the search's cumulative_cost samples, by iteration; between two samples the cost
//               is interpolated linearly, before the first and after the last it is held (the
//               first sample's and the last sample's value: never extrapolated);
//   'contexts': the sum of the stored prompts' costs of every program up to and including this
//               one in the run's canonical order (seq): a step per priced program, exact.
// Pure.

export type CostCurve =
  | { basis: 'counters'; iteration: number[]; cost: number[] }
  | { basis: 'contexts'; seq: number[]; cost: number[] };

/** Cumulative sums of per-program costs (programs in seq order; nulls add nothing and are left out). */
export function contextsCurve(programs: readonly { seq: number; cost: number | null }[]): CostCurve {
  const seq: number[] = [];
  const cost: number[] = [];
  let total = 0;
  for (const p of programs) {
    if (p.cost == null || !Number.isFinite(p.cost)) continue;
    total += p.cost;
    seq.push(p.seq);
    cost.push(total);
  }
  return { basis: 'contexts', seq, cost };
}

/** Counter samples with an iteration and a cost, by iteration; at one iteration the last sample wins. */
export function countersCurve(samples: readonly { iteration: number | null; cost: number | null }[]): CostCurve {
  const byIt = new Map<number, number>();
  for (const s of samples) if (s.iteration != null && s.cost != null && Number.isFinite(s.cost)) byIt.set(s.iteration, s.cost);
  const iteration = [...byIt.keys()].sort((a, b) => a - b);
  return { basis: 'counters', iteration, cost: iteration.map((i) => byIt.get(i)!) };
}

/** Last index with xs[i] <= x, or -1. */
function floorIndex(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Cost spent by the time a program (its seq and iteration) was produced; null: the curve is empty. */
export function costAt(curve: CostCurve, at: { seq: number; iteration: number }): number | null {
  if (!curve.cost.length) return null;
  if (curve.basis === 'contexts') {
    const i = floorIndex(curve.seq, at.seq);
    return i < 0 ? 0 : curve.cost[i];
  }
  const xs = curve.iteration;
  const i = floorIndex(xs, at.iteration);
  if (i < 0) return curve.cost[0];
  if (i === xs.length - 1) return curve.cost[i];
  const t = (at.iteration - xs[i]) / (xs[i + 1] - xs[i]);
  return curve.cost[i] + t * (curve.cost[i + 1] - curve.cost[i]);
}

/** The whole run's cost on this curve (its last value). */
export const curveTotal = (curve: CostCurve): number | null => (curve.cost.length ? curve.cost[curve.cost.length - 1] : null);

/**
 * Each program's share of a counters curve (programs in seq order): the cost the curve adds
 * between the previous program's iteration and this one's (the first program: the cost spent by
 * its iteration). Several programs at one iteration: the first takes the step, the rest 0. Sums
 * to the curve's value at the last program. null for every program when the curve is empty.
 */
export function costsFromCurve(curve: CostCurve, programs: readonly { seq: number; iteration: number }[]): (number | null)[] {
  if (!curve.cost.length) return programs.map(() => null);
  let before = 0;
  return programs.map((p) => {
    const at = costAt(curve, p) ?? before;
    const c = at - before;
    before = at;
    return c;
  });
}

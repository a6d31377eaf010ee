import { describe, expect, it } from 'vitest';
import { planIslandReset, resetDue } from './islands';
import type { Random } from './prompt';

function scripted(...us: number[]): Random {
  return () => {
    const u = us.shift();
    if (u === undefined) throw new Error('asked for more random numbers than scripted');
    return u;
  };
}

// Box-Muller z = sqrt(-2 ln(1 - u1)) * cos(2 pi u2). With u1 = 1 - e^-0.5 the root is exactly
// sqrt(-2 * -0.5) = 1, so u2 = 0 gives z = +1 and u2 = 0.5 gives z = cos(pi) = -1.
const U1 = 1 - Math.exp(-0.5);
const PLUS = [U1, 0];
const MINUS = [U1, 0.5];

describe('planIslandReset: the weaker half reset from survivors (FunSearch)', () => {
  it('breaks a tie with the seeded noise and draws donors among the survivors, worked by hand', () => {
    // Best scores [5, 1, 3, 1]; noise * 1e-6: island 0 +1e-6, island 1 +1e-6, island 2 +1e-6,
    // island 3 -1e-6, so the tie 1 = 1 goes to island 3 as the weakest:
    // keys [5.000001, 1.000001, 3.000001, 0.999999] -> order [3, 1, 2, 0].
    // floor(4 / 2) = 2 reset: [3, 1]; survivors [2, 0].
    // Donor of island 3: u = 0.7 -> survivors[floor(0.7 * 2) = 1] = island 0 (best 5).
    // Donor of island 1: u = 0.2 -> survivors[floor(0.2 * 2) = 0] = island 2 (best 3).
    const plan = planIslandReset([5, 1, 3, 1], { random: scripted(...PLUS, ...PLUS, ...PLUS, ...MINUS, 0.7, 0.2) });
    expect(plan.order).toEqual([3, 1, 2, 0]);
    expect(plan.keep).toEqual([2, 0]);
    expect(plan.reset).toEqual([
      { island: 3, donor: 0, donorScore: 5 },
      { island: 1, donor: 2, donorScore: 3 },
    ]);
  });

  it("without noise (the seed implementation's argsort) a tie keeps island order", () => {
    const plan = planIslandReset([5, 1, 3, 1], { tieBreak: 'index', random: scripted(0.7, 0.2) });
    expect(plan.order).toEqual([1, 3, 2, 0]);
    expect(plan.reset.map((r) => [r.island, r.donor])).toEqual([
      [1, 0],
      [3, 2],
    ]);
  });

  it('resets empty islands (-Infinity, NaN read as -Infinity) first, with donors that hold programs', () => {
    const best = [0.9, -Infinity, 0.4, Number.NaN, 0.7, -Infinity, 0.8, 0.2, -Infinity, 0.6];
    const plan = planIslandReset(best, { seed: 7 });
    // Five of ten reset: the four empty islands (in island order: -Infinity + noise stays -Infinity)
    // and the weakest scored one, island 7 (0.2).
    expect(plan.order.slice(0, 5)).toEqual([1, 3, 5, 8, 7]);
    expect(plan.keep.slice().sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 9]);
    for (const r of plan.reset) expect(plan.keep).toContain(r.donor);
    // The same seed gives the same plan; a plan is a pure function of (scores, seed).
    expect(planIslandReset(best, { seed: 7 })).toEqual(plan);
  });

  it('one island or none: nothing to reset', () => {
    expect(planIslandReset([3], { seed: 1 })).toEqual({ order: [0], reset: [], keep: [0] });
    expect(planIslandReset([], { seed: 1 })).toEqual({ order: [], reset: [], keep: [] });
  });

  it('an odd number of islands resets the floor of half: 5 islands -> 2', () => {
    const plan = planIslandReset([1, 2, 3, 4, 5], { seed: 3 });
    expect(plan.reset.map((r) => r.island)).toEqual([0, 1]);
    expect(plan.keep).toEqual([2, 3, 4]);
  });
});

describe('resetDue', () => {
  it('the seed implementation: every island holds reset_programs (and reset_period passed, when set)', () => {
    expect(resetDue({ programsPerIsland: [1200, 1500], secondsSinceLastReset: 0 }, { resetPrograms: 1200 })).toEqual({
      due: true,
      reason: 'every island holds at least 1200 programs',
    });
    expect(resetDue({ programsPerIsland: [1200, 1199, 10], secondsSinceLastReset: 0 }, { resetPrograms: 1200 })).toEqual({
      due: false,
      reason: 'island(s) 1, 2 hold fewer than reset_programs 1200',
    });
    expect(resetDue({ programsPerIsland: [1200, 1200], secondsSinceLastReset: 100 }, { resetPrograms: 1200, resetPeriod: 3600 }).due).toBe(false);
    expect(resetDue({ programsPerIsland: [1200, 1200], secondsSinceLastReset: 3601 }, { resetPrograms: 1200, resetPeriod: 3600 }).due).toBe(true);
  });

  it("DeepMind's FunSearch: strictly more than reset_period seconds (4 h by default)", () => {
    expect(resetDue({ programsPerIsland: [0], secondsSinceLastReset: 14_400 }, { resetPeriod: 14_400 }).due).toBe(false);
    expect(resetDue({ programsPerIsland: [0], secondsSinceLastReset: 14_401 }, { resetPeriod: 14_400 }).due).toBe(true);
    expect(resetDue({ programsPerIsland: [5000], secondsSinceLastReset: 1e9 }, {})).toEqual({ due: false, reason: 'no reset_period or reset_programs' });
  });
});

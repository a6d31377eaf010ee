import { describe, expect, it } from 'vitest';
import { findPlateaus, plateauAxis, summarisePlateaus, type PlateauProgram } from './plateaus';

// Iteration axis (no generation), one program per iteration:
//   it:    0    1    2    3        4    5    6
//   score: 1.0  0.5  1.0  9(inv)   2.0  2.0  1.5
// Higher is better: improvements at 0 and 4 (the tie at 2 and the invalid 9 at 3 do not count).
// Stretches: 1..3 (length 3, held 1.0), 5..6 (length 2, the run ends on it, held 2.0).
const byIteration = (rows: [number, number | null, boolean][]): PlateauProgram[] =>
  rows.map(([iteration, score, valid]) => ({ generation: null, iteration, score, valid }));
const run = byIteration([
  [0, 1.0, true],
  [1, 0.5, true],
  [2, 1.0, true],
  [3, 9, false],
  [4, 2.0, true],
  [5, 2.0, true],
  [6, 1.5, true],
]);

describe('findPlateaus', () => {
  it('marks a stretch of exactly K generations without improvement, not K - 1; ties and invalid programs do not improve', () => {
    const a = findPlateaus(run, 3);
    expect(a.axis).toBe('iteration');
    expect(a.plateaus).toEqual([
      { startGeneration: 1, endGeneration: 3, length: 3, bestScore: 1.0, programs: 3, cost: null, tokens: null, open: false, firstIteration: 1, lastIteration: 3 },
    ]);
    expect(findPlateaus(run, 4).plateaus).toEqual([]);
  });

  it('marks the stretch the run ends on as open', () => {
    const a = findPlateaus(run, 2);
    expect(a.plateaus.map((p) => [p.startGeneration, p.endGeneration, p.length, p.programs, p.bestScore, p.open])).toEqual([
      [1, 3, 3, 3, 1.0, false],
      [5, 6, 2, 2, 2.0, true],
    ]);
  });

  it('K = 1: every generation without an improvement is one; consecutive improvements leave none between them', () => {
    const up = byIteration([
      [0, 1, true],
      [1, 2, true],
      [2, 3, true],
    ]);
    expect(findPlateaus(up, 1).plateaus).toEqual([]);
    expect(findPlateaus(run, 1).plateaus.map((p) => [p.startGeneration, p.endGeneration])).toEqual([
      [1, 3],
      [5, 6],
    ]);
    expect(() => findPlateaus(run, 0)).toThrow(/K must be/);
    expect(() => findPlateaus(run, 2.5)).toThrow(/K must be/);
  });

  it('lower is better: a lower score improves, a higher one does not', () => {
    // Improvements at 0 (1.0) and 1 (0.5); then 2..6 never go below 0.5: one open stretch of 5.
    const a = findPlateaus(run, 5, false);
    expect(a.plateaus).toEqual([
      { startGeneration: 2, endGeneration: 6, length: 5, bestScore: 0.5, programs: 5, cost: null, tokens: null, open: true, firstIteration: 2, lastIteration: 6 },
    ]);
    expect(findPlateaus(run, 6, false).plateaus).toEqual([]);
  });

  it('a run with no plateau, a run without valid programs, an empty run', () => {
    expect(findPlateaus(run, 10).plateaus).toEqual([]);
    const invalid = byIteration(Array.from({ length: 20 }, (_, i) => [i, null, false] as [number, null, boolean]));
    const a = findPlateaus(invalid, 5);
    expect(a.plateaus).toEqual([]);
    expect(a.totals.programs).toBe(20);
    expect(findPlateaus([], 5)).toMatchObject({ plateaus: [], totals: { programs: 0, cost: null, firstGeneration: null } });
  });

  it('generation axis: gaps in generation numbers count toward the length; programs, cost and tokens are summed inside', () => {
    // Generations 0 1 2 2 10 11, scores 1 2 2 1.5 2 3: improvements at 0, 1 and 11; the stretch 2..10
    // has length 9 and holds 3 programs (two in generation 2, one in 10).
    const ps: PlateauProgram[] = [
      { generation: 0, iteration: 0, score: 1, valid: true, cost: 0.1, tokens: 100 },
      { generation: 1, iteration: 1, score: 2, valid: true, cost: 0.1, tokens: 100 },
      { generation: 2, iteration: 2, score: 2, valid: true, cost: 0.25, tokens: 300 },
      { generation: 2, iteration: 3, score: 1.5, valid: true, cost: null, tokens: null },
      { generation: 10, iteration: 4, score: 2, valid: true, cost: 0.5, tokens: 50 },
      { generation: 11, iteration: 5, score: 3, valid: true, cost: 1, tokens: 10 },
    ];
    expect(plateauAxis(ps)).toBe('generation');
    const a = findPlateaus(ps, 9);
    expect(a.plateaus).toHaveLength(1);
    const [p] = a.plateaus;
    expect(p).toMatchObject({ startGeneration: 2, endGeneration: 10, length: 9, bestScore: 2, programs: 3, tokens: 350, open: false, firstIteration: 2, lastIteration: 4 });
    expect(p.cost).toBeCloseTo(0.75, 12);
    expect(findPlateaus(ps, 10).plateaus).toEqual([]);
    expect(a.totals.programs).toBe(6);
    expect(a.totals.cost).toBeCloseTo(1.95, 12);
    expect(a.totals.tokens).toBe(560);
    const s = summarisePlateaus(a);
    expect(s).toMatchObject({ count: 1, longest: 9, programShare: 0.5, endsOnPlateau: false });
    expect(s.costShare).toBeCloseTo(0.75 / 1.95, 12);
  });

  it('a generation that is lineage depth (decreasing along the order) is not the axis: the iteration is', () => {
    const ps: PlateauProgram[] = [0, 1, 1, 2, 1, 3].map((generation, iteration) => ({ generation, iteration, score: 1, valid: true }));
    expect(plateauAxis(ps)).toBe('iteration');
    // Score 1 throughout: improvement at iteration 0 only, open stretch 1..5.
    expect(findPlateaus(ps, 5).plateaus.map((p) => [p.startGeneration, p.endGeneration, p.programs, p.open])).toEqual([[1, 5, 5, true]]);
    expect(plateauAxis([{ generation: null, iteration: 0, score: 1, valid: true }])).toBe('iteration');
  });

  it('summary without plateaus', () => {
    expect(summarisePlateaus(findPlateaus(run, 10))).toEqual({ count: 0, longest: null, programShare: 0, costShare: null, endsOnPlateau: false });
  });
});

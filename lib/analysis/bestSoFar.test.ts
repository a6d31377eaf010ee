import { describe, expect, it } from 'vitest';
import { bestSoFar, type ScoredProgram } from './bestSoFar';

const p = (seq: number, iteration: number, value: number | null, valid = true): ScoredProgram => ({
  seq,
  iteration,
  value,
  valid,
  programId: `id${seq}`,
  externalId: `e${seq}`,
});

describe('bestSoFar', () => {
  it('keeps strict improvements only, skipping invalid and non-numeric programs', () => {
    const r = bestSoFar(
      [p(0, 0, 1), p(1, 1, 1), p(2, 2, 5, false), p(3, 3, null), p(4, 4, 2), p(5, 5, 1.5), p(6, 10, 3)],
      'score',
    );
    // 1 (seed), then 2 at iteration 4, then 3 at iteration 10; the equal 1 and the invalid 5 do not count.
    expect(r.points.map((x) => [x.iteration, x.score])).toEqual([
      [0, 1],
      [4, 2],
      [10, 3],
    ]);
    expect(r.finalBest?.externalId).toBe('e6');
    expect(r.normalisedIterationOfBest).toBe(1);
    // gain 1 -> 3: by iteration 4 (40 % of 10) half the gain is reached, all of it only at 10.
    expect(r.gainByBudget[4]).toBe(0.5);
    expect(r.gainByBudget[9]).toBe(0.5);
    expect(r.gainByBudget[10]).toBe(1);
  });

  it('minimises when lower is better', () => {
    const r = bestSoFar([p(0, 0, 10), p(1, 1, 12), p(2, 2, 7), p(3, 4, 7)], 'loss', false);
    expect(r.points.map((x) => x.score)).toEqual([10, 7]);
    expect(r.normalisedIterationOfBest).toBe(0.5);
  });

  it('is empty when no program is valid', () => {
    const r = bestSoFar([p(0, 0, 1, false)], 'score');
    expect(r.points).toEqual([]);
    expect(r.finalBest).toBeNull();
    expect(r.normalisedIterationOfBest).toBeNull();
  });
});

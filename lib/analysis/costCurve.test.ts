import { describe, expect, it } from 'vitest';
import { contextsCurve, costsFromCurve, costAt, countersCurve, curveTotal } from './costCurve';

describe('cumulative cost curves', () => {
  it('contexts: a step per priced program, in seq order; unpriced programs add nothing', () => {
    // seq 0 seed ($0, no prompt), 1 $0.5, 2 no cost, 3 $0.25, 4 $1 -> 0, 0.5, 0.5, 0.75, 1.75
    const c = contextsCurve([{ seq: 0, cost: null }, { seq: 1, cost: 0.5 }, { seq: 2, cost: null }, { seq: 3, cost: 0.25 }, { seq: 4, cost: 1 }]);
    expect(c).toEqual({ basis: 'contexts', seq: [1, 3, 4], cost: [0.5, 0.75, 1.75] });
    expect([0, 1, 2, 3, 4].map((seq) => costAt(c, { seq, iteration: 99 }))).toEqual([0, 0.5, 0.5, 0.75, 1.75]);
    expect(curveTotal(c)).toBe(1.75);
    expect(costAt(contextsCurve([]), { seq: 3, iteration: 3 })).toBeNull();
  });

  it('counters: linear between samples by iteration, held before the first and after the last', () => {
    // samples (it 2, $1), (it 6, $3), (it 10, $4); a repeated iteration keeps its last sample.
    const c = countersCurve([{ iteration: 6, cost: 2.5 }, { iteration: 2, cost: 1 }, { iteration: 6, cost: 3 }, { iteration: null, cost: 9 }, { iteration: 10, cost: 4 }]);
    expect(c).toEqual({ basis: 'counters', iteration: [2, 6, 10], cost: [1, 3, 4] });
    const at = (iteration: number) => costAt(c, { seq: 0, iteration });
    expect(at(0)).toBe(1); // before the first sample: held
    expect(at(2)).toBe(1);
    expect(at(3)).toBe(1.5); // 1 + (3-2)/(6-2) * (3-1)
    expect(at(8)).toBe(3.5); // 3 + (8-6)/(10-6) * (4-3)
    expect(at(12)).toBe(4); // after the last: held
    expect(curveTotal(c)).toBe(4);
  });

  it('per-program costs from counters: the step since the previous program, summing to the curve', () => {
    // Samples (2, $1) and (6, $3): held at $1 up to iteration 2, linear to $3 at 6, held after.
    const curve = countersCurve([{ iteration: 2, cost: 1 }, { iteration: 6, cost: 3 }]);
    const ps = [0, 2, 4, 4, 8].map((iteration, seq) => ({ seq, iteration }));
    expect(costsFromCurve(curve, ps)).toEqual([1, 0, 1, 0, 1]);
    expect(costsFromCurve(countersCurve([]), ps)).toEqual([null, null, null, null, null]);
  });
});

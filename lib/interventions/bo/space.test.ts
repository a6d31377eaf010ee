import { describe, expect, it } from 'vitest';
import { dimFromUnit, dimToUnit, fromUnit, pointKey, snapUnit, spaceSize, toUnit, validateSpace, type BoDimension } from './space';

const lin: BoDimension = { name: 'rate', low: -2, high: 6, scale: 'linear', type: 'float' };
const log: BoDimension = { name: 'eps', low: 1e-4, high: 1e-1, scale: 'log', type: 'float' };
const int: BoDimension = { name: 'iters', low: 1, high: 4, scale: 'linear', type: 'int' };
const logInt: BoDimension = { name: 'pop', low: 1, high: 1000, scale: 'log', type: 'int' };

describe('search space transforms', () => {
  it('linear floats: affine onto [0, 1] and back', () => {
    expect(dimToUnit(lin, -2)).toBe(0);
    expect(dimToUnit(lin, 6)).toBe(1);
    expect(dimToUnit(lin, 0)).toBe(0.25);
    expect(dimFromUnit(lin, 0.75)).toBe(4);
    for (const v of [-1.3, 0.1, 5.99]) expect(dimFromUnit(lin, dimToUnit(lin, v))).toBeCloseTo(v, 12);
  });

  it('log floats: uniform per decade (1e-3 is a third of the way from 1e-4 to 1e-1)', () => {
    expect(dimToUnit(log, 1e-3)).toBeCloseTo(1 / 3, 12);
    expect(dimFromUnit(log, 2 / 3)).toBeCloseTo(1e-2, 14);
    expect(dimFromUnit(log, 0)).toBe(1e-4);
    expect(dimFromUnit(log, 1)).toBe(1e-1);
  });

  it('ints: rounded, inside [low, high], each integer an equal slice of [0, 1]', () => {
    // [1, 4] covers [0.5, 4.5]: 1 owns [0, 0.25), 2 [0.25, 0.5), ...
    expect(dimFromUnit(int, 0)).toBe(1);
    expect(dimFromUnit(int, 0.24)).toBe(1);
    expect(dimFromUnit(int, 0.26)).toBe(2);
    expect(dimFromUnit(int, 1)).toBe(4);
    expect(dimToUnit(int, 2)).toBe(0.375); // the centre of its slice
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 1000; i++) counts[dimFromUnit(int, (i + 0.5) / 1000) - 1]++;
    expect(counts).toEqual([250, 250, 250, 250]);
    for (let i = 0; i <= 100; i++) {
      const v = dimFromUnit(logInt, i / 100);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(1000);
    }
  });

  it('clamps out-of-range values and unit coordinates', () => {
    expect(dimToUnit(lin, 100)).toBe(1);
    expect(dimToUnit(log, 0)).toBe(0); // a 0 on a log axis is the low end, not -Infinity
    expect(dimFromUnit(lin, 1.7)).toBe(6);
    expect(dimFromUnit(int, -0.3)).toBe(1);
  });

  it('maps whole points by name, snaps ints to their slice centre, and keys points', () => {
    const space = [lin, int];
    const u = toUnit(space, { rate: 2, iters: 3 });
    expect(u).toEqual([0.5, 0.625]);
    expect(fromUnit(space, [0.5, 0.6])).toEqual({ rate: 2, iters: 3 });
    expect(snapUnit(space, [0.1, 0.6])).toEqual([0.1, 0.625]);
    expect(pointKey(space, { iters: 3, rate: 2 })).toBe('2|3');
    expect(() => toUnit(space, { rate: 2 })).toThrow('The point has no value for dimension "iters"');
    expect(spaceSize([int, { ...int, name: 'b', low: 0, high: 9 }])).toBe(40);
    expect(spaceSize(space)).toBe(Infinity);
  });

  it('rejects a log dimension with low <= 0 (and other bad bounds) with a clear message', () => {
    expect(() => validateSpace([{ ...log, low: 0 }])).toThrow('Dimension "eps" is on a log scale but its low bound is 0: a log scale needs low > 0');
    expect(() => dimToUnit({ ...log, low: -1 }, 0.5)).toThrow(/log scale needs low > 0/);
    expect(() => validateSpace([{ ...lin, low: 7 }])).toThrow('Dimension "rate": low 7 is above high 6');
    expect(() => validateSpace([{ ...lin, high: Infinity }])).toThrow(/bounds must be finite/);
    expect(() => validateSpace([{ ...int, low: 1.2, high: 1.8 }])).toThrow(/holds no integer/);
    expect(() => validateSpace([lin, lin])).toThrow('Dimension "rate" appears twice');
    expect(() => validateSpace([])).toThrow(/no dimension/);
  });
});

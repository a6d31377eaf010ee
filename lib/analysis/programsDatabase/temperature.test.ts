import { describe, expect, it } from 'vitest';
import { temperatureAt, temperatureCurve } from './temperature';

// FunSearch's defaults: init 0.1, period 30 000.
const funsearch = { init: 0.1, period: 30_000 };

describe('cluster sampling temperature T(n) = init * (1 - (n mod period) / period)', () => {
  it('matches hand-worked values over one cycle and into the next', () => {
    // n = 0:      0.1 * (1 - 0)                 = 0.1
    // n = 7 500:  0.1 * (1 - 7500/30000 = 0.75) = 0.075
    // n = 15 000: 0.1 * (1 - 0.5)               = 0.05
    // n = 29 999: 0.1 * (1 - 29999/30000)       = 0.1 / 30000 = 3.3333e-6 (the coldest)
    // n = 30 000: 30000 mod 30000 = 0           -> 0.1 again (the reset)
    // n = 45 000: 45000 mod 30000 = 15000       -> 0.05, in cycle 1
    expect(temperatureAt(0, funsearch)).toEqual({ temperature: 0.1, position: 0, cycle: 0, cyclic: true });
    expect(temperatureAt(7_500, funsearch).temperature).toBeCloseTo(0.075, 15);
    expect(temperatureAt(15_000, funsearch).temperature).toBeCloseTo(0.05, 15);
    expect(temperatureAt(29_999, funsearch).temperature).toBeCloseTo(3.333333e-6, 12);
    expect(temperatureAt(30_000, funsearch)).toEqual({ temperature: 0.1, position: 0, cycle: 1, cyclic: true });
    expect(temperatureAt(45_000, funsearch)).toMatchObject({ position: 15_000, cycle: 1 });
    expect(temperatureAt(45_000, funsearch).temperature).toBeCloseTo(0.05, 15);
  });

  it('small period worked by hand: init 1, period 4 gives 1, 0.75, 0.5, 0.25, 1, ...', () => {
    const got = [0, 1, 2, 3, 4, 5].map((n) => temperatureAt(n, { init: 1, period: 4 }).temperature);
    expect(got).toEqual([1, 0.75, 0.5, 0.25, 1, 0.75]);
  });

  it('holds the temperature at init, flagged not cyclic, when the period is 0, absent, negative or NaN', () => {
    for (const period of [0, undefined, null, -5, Number.NaN, 0.5]) {
      expect(temperatureAt(12_345, { init: 0.1, period })).toEqual({ temperature: 0.1, position: 12_345, cycle: 0, cyclic: false });
    }
  });

  it('rejects a negative or fractional program count', () => {
    expect(() => temperatureAt(-1, funsearch)).toThrow(RangeError);
    expect(() => temperatureAt(1.5, funsearch)).toThrow('non-negative integer');
  });

  it('draws the saw-tooth as the first and last point of every cycle', () => {
    // init 1, period 4, n up to 9: cycles [0..3], [4..7], [8..9].
    expect(temperatureCurve({ init: 1, period: 4 }, 9)).toEqual([
      { n: 0, temperature: 1 },
      { n: 3, temperature: 0.25 },
      { n: 4, temperature: 1 },
      { n: 7, temperature: 0.25 },
      { n: 8, temperature: 1 },
      { n: 9, temperature: 0.75 },
    ]);
    expect(temperatureCurve({ init: 0.1, period: 0 }, 100)).toEqual([
      { n: 0, temperature: 0.1 },
      { n: 100, temperature: 0.1 },
    ]);
    expect(temperatureCurve({ init: 0.1 }, 0)).toEqual([{ n: 0, temperature: 0.1 }]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { initParsers } from '../../analysis/treeSitter';
import { seed as cppSeed } from '../../services/demo/programs/cppCode';
import { seed as pySeed } from '../../services/demo/programs/pythonCode';
import { knobSchema } from '../../contracts/interventionTypes';
import { findKnobsOffline, RULES, snakeName, uniqueNames } from './offline';

beforeAll(async () => {
  await initParsers();
});

/** literal -> rule for every excluded literal (literals are unique in the snippets below). */
const rulesOf = (r: ReturnType<typeof findKnobsOffline>) => Object.fromEntries(r.excluded.map((e) => [e.literal, e.rule]));
const ruleIds = new Set(RULES.map((r) => r.id));

describe('findKnobsOffline: Python', () => {
  const code = [
    '"""A module docstring with 0.75 in it."""', //   string: not a number node at all
    'import numpy as np',
    'N_CIRCLES = 26', //                                problem-constant
    'STEP_SIZE = 0.05', //                              knob
    'ALPHA = -0.1', //                                  knob, signed
    'MASK = 0xFF', //                                   bit-pattern
    'GRID_SIZE = 12', //                                problem-constant
    'PI_ISH = 3.14159', //                              math-constant
    '',
    'def solve(n, tol=1e-6):', //                       entry default: evaluator-facing
    '    pts = np.zeros((n, 3))', //                    collection (shape tuple)
    '    x = pts[4]', //                                index
    '    for i in range(37):', //                       loop-bound
    '        x = x ** 2 + (i << 5)', //                 power-identity, bit-op
    '    rng = np.random.default_rng(1234)', //         seed
    '    print(f"{x:.7f}", 17)', //                     7 is in the string; 17 output
    '    if x > 250.0:', //                             knob (threshold dispatch)
    '        x = x / 2', //                             factor-of-two
    '    y = 0.3 + 0.3', //                             repeated (twice)
    '    z = 1 - 0.0', //                               zero-one
    '    return x * 4.5', //                            knob (solve_result)
    '',
    'if __name__ == "__main__":',
    '    solve(5, tol=99.5)', //                        evaluator-facing (main guard)
  ].join('\n');

  it('keeps the tunable literals with their names, values, lines and signed spans', () => {
    const r = findKnobsOffline(code, 'python');
    expect(r.knobs.map((k) => [k.name, k.sourceLiteral, k.value, k.type, k.line])).toEqual([
      ['step_size', '0.05', 0.05, 'float', 4],
      ['alpha', '-0.1', -0.1, 'float', 5],
      ['x_threshold', '250.0', 250, 'float', 17],
      ['solve_result', '4.5', 4.5, 'float', 21],
    ]);
    const alpha = r.knobs[1];
    expect(code.slice(alpha.start, alpha.end)).toBe('-0.1');
    expect(alpha.contextLine).toBe('ALPHA = -0.1');
    for (const k of r.knobs) {
      expect(knobSchema.parse(k)).toEqual(k);
      expect(k.origin).toBe('offline');
      expect(k.low).toBeLessThanOrEqual(k.value);
      expect(k.high).toBeGreaterThanOrEqual(k.value);
      expect(ruleIds.has(k.note!)).toBe(true);
    }
  });

  it('names the rule that excluded every other literal', () => {
    const r = findKnobsOffline(code, 'python');
    expect(rulesOf(r)).toEqual({
      '26': 'problem-constant',
      '0xFF': 'bit-pattern',
      '12': 'problem-constant',
      '3.14159': 'math-constant',
      '1e-6': 'evaluator-facing',
      '3': 'collection',
      '4': 'index',
      '37': 'loop-bound',
      '2': 'factor-of-two',
      '5': 'evaluator-facing',
      '1234': 'seed',
      '17': 'output',
      '0.3': 'repeated',
      '1': 'zero-one',
      '0.0': 'zero-one',
      '99.5': 'evaluator-facing',
    });
    // `x ** 2` and `i << 5`: 2 appears twice (exponent, halving) and 5 twice; both rules are stated.
    const lines = r.excluded.filter((e) => e.line === 14).map((e) => `${e.literal}:${e.rule}`);
    expect(lines).toEqual(['2:power-identity', '5:bit-op']);
    for (const e of r.excluded) expect(ruleIds.has(e.rule)).toBe(true);
    // Nothing inside a string or f-string was seen as a number.
    expect(r.excluded.some((e) => e.literal === '0.75' || e.literal === '7')).toBe(false);
  });

  it('de-duplicates names and caps at 8 knobs, tunable-sounding names and floats first', () => {
    const lines = [
      'a = 3.5', 'b = 4.5', 'c = 5.5', 'd_count = 12', 'e = 6.5', 'f = 7.5',
      'step = 0.3', 'step = 0.7', 'learning_rate = 0.02', 'temp = 150.0', 'extra = 17',
    ];
    const r = findKnobsOffline(lines.join('\n'), 'python');
    expect(r.knobs).toHaveLength(8);
    // Kept: the 4 tunable-sounding names, then floats in source order (a, b, c, e); listed in source order.
    expect(r.knobs.map((k) => k.name)).toEqual(['a', 'b', 'c', 'e', 'step', 'step_2', 'learning_rate', 'temp']);
    // Dropped by the cap: the ints (d_count, extra) and the last plain float (f).
    expect(r.excluded.filter((e) => e.rule === 'cap').map((e) => e.literal)).toEqual(['12', '7.5', '17']);
  });

  it('names a comparison after the identifier it tests; infinity stand-ins are sentinels', () => {
    const r = findKnobsOffline(['best = 1e10', 'for it in range(n_iters):', '    if it % 250 == 249:', '        jitter()'].join('\n'), 'python');
    expect(r.knobs.map((k) => [k.name, k.sourceLiteral])).toEqual([['it_threshold', '250'], ['it_threshold_2', '249']]);
    expect(rulesOf(r)).toEqual({ '1e10': 'sentinel' });
  });

  it('snake_case names from any spelling', () => {
    expect(snakeName('LEARNING_RATE')).toBe('learning_rate');
    expect(snakeName('learningRate')).toBe('learning_rate');
    expect(snakeName('2nd')).toBe('k_2nd');
    expect(snakeName(null)).toBe('knob');
    expect(uniqueNames(['x', 'x', 'y', 'x'])).toEqual(['x', 'x_2', 'y', 'x_3']);
  });
});

describe('findKnobsOffline: C++', () => {
  const code = [
    '#include <cstdio>', //
    'constexpr double COOLING = 0.97;', //            knob (constexpr counts)
    'const int MAX_ITERS = 20000;', //                knob
    'static const long long LIMIT = 5000000LL;', //   knob, suffix kept
    'int grid[64];', //                                shape (array size)... and power-of-two
    'int main() {', //
    '    double t = 3.5, acc = 0;', //                 knob
    '    for (int i = 0; i < 100; i++) acc += i * - 2.5;', // loop-bound (100), knob -2.5 with a spaced sign
    '    int h = grid[7] ^ 0x3;', //                   index, bit-pattern
    '    unsigned v = (unsigned)acc >> 3;', //         bit-op
    '    mt19937 rng(12345);', //                      seed (engine constructor)
    '    const double TL = 1.85;', //                   evaluator-facing (wall-time limit)
    '    if (scanf("%d", &h) != 2) return 9;', //      output, knob-free: 9 is main_result
    '    printf("%f %d\\n", acc * t, 42);', //         output
    '    return 0;', //
    '}',
  ].join('\n');

  it('finds constexpr/const knobs, signed literals with spaces, suffixes; excludes by stated rules', () => {
    const r = findKnobsOffline(code, 'cpp');
    expect(r.knobs.map((k) => [k.name, k.sourceLiteral, k.value, k.type])).toEqual([
      ['cooling', '0.97', 0.97, 'float'],
      ['max_iters', '20000', 20000, 'int'],
      ['limit', '5000000LL', 5000000, 'int'],
      ['t', '3.5', 3.5, 'float'],
      ['acc', '- 2.5', -2.5, 'float'],
      ['main_result', '9', 9, 'int'],
    ]);
    expect(rulesOf(r)).toEqual({
      '64': 'power-of-two',
      '0': 'zero-one',
      '100': 'loop-bound',
      '7': 'index',
      '0x3': 'bit-pattern',
      '3': 'bit-op',
      '2': 'output',
      '42': 'output',
      '12345': 'seed',
      '1.85': 'evaluator-facing',
    });
    const cooling = r.knobs[0];
    expect([cooling.low, cooling.high, cooling.scale, cooling.note]).toEqual([0.5, 0.99999, 'linear', 'float-cooling']);
    const iters = r.knobs[1];
    expect([iters.low, iters.high, iters.scale, iters.note]).toEqual([4000, 100000, 'log', 'int-budget']);
  });
});

describe('interval rules (B.9 range guidelines and hard rules)', () => {
  const one = (line: string) => findKnobsOffline(line, 'python').knobs[0];
  it.each([
    ['step_size = 0.05', 0.0005, 5, 'log', 'float-log'],
    ['tol = 0.001', 0.000001, 1, 'log', 'float-tolerance'],
    ['eps_thing = 1e-9', 1e-12, 1e-6, 'log', 'float-tolerance'],
    ['decay = 0.995', 0.5, 0.99999, 'linear', 'float-cooling'],
    ['accept_prob = 0.3', 0, 1, 'linear', 'float-probability'],
    ['factor_x = 3.0', 0.75, 12, 'linear', 'float-linear'],
    ['big = 250.0', 2.5, 25000, 'log', 'float-log'],
    ['offset = -0.1', -0.4, -0.025, 'linear', 'float-negative'],
    ['n_iters = 1500', 300, 7500, 'log', 'int-budget'],
    ['restarts = 50', 5, 500, 'log', 'int-count'],
    ['pieces = 15', 1, 150, 'log', 'int-count'],
    ['levels = 3', 1, 20, 'linear', 'int-small'],
    ['shift = -4', -20, -1, 'linear', 'int-negative'],
    ['reverse_percent = 80', 2, 100, 'linear', 'int-percent'],
  ])('%s -> [%s, %s] %s (%s)', (line, low, high, scale, rule) => {
    const k = one(line);
    expect({ low: k.low, high: k.high, scale: k.scale, note: k.note }).toEqual({ low, high, scale, note: rule });
  });

  it('integer bounds are integers and at least 1; high/low >= 100 is always log', () => {
    const k = one('pieces = 15');
    expect(Number.isInteger(k.low) && Number.isInteger(k.high)).toBe(true);
    expect(k.low).toBe(1); // max(1, floor(15 / 10))
    expect(one('pieces = 25').low).toBe(2); // max(1, floor(2.5))
    for (const line of ['w = 0.05', 'n_iters = 1500', 'big = 250.0', 'restarts = 50']) {
      const kk = one(line);
      if (kk.low > 0 && kk.high / kk.low >= 100) expect(kk.scale).toBe('log');
    }
  });
});

describe('the demo programs', () => {
  it('circle packing (Python): the step, budget, cooling, penalty and layout constants; n_circles excluded', () => {
    const r = findKnobsOffline(pySeed.join('\n'), 'python');
    expect(r.knobs.map((k) => `${k.name}=${k.sourceLiteral}`)).toEqual([
      'learning_rate=0.05', 'n_iters=1500', 'cooling_rate=0.995', 'penalty_weight=10.0',
      'border_margin=0.002', 'inner_ring=0.22', 'outer_ring=0.41', 'inner=8',
    ]);
    expect(r.excluded.find((e) => e.literal === '26')?.rule).toBe('problem-constant');
    expect(r.excluded.find((e) => e.literal === '42')?.rule).toBe('seed');
    expect(r.knobs.find((k) => k.name === 'cooling_rate')).toMatchObject({ low: 0.5, high: 0.99999, scale: 'linear' });
  });

  it('AHC routing (C++): the annealing budget and temperatures; the xorshift state and the mask interval excluded', () => {
    const r = findKnobsOffline(cppSeed.join('\n'), 'cpp');
    expect(r.knobs.map((k) => `${k.name}=${k.sourceLiteral}:${k.type}`)).toEqual(['max_iters=150000:int', 't0=2000.0:float', 't1=10.0:float']);
    expect(r.excluded.find((e) => e.literal === '88172645463325252ULL')?.rule).toBe('too-large');
    expect(r.excluded.find((e) => e.literal === '256')?.rule).toBe('power-of-two');
    expect(r.excluded.find((e) => e.literal === '2')?.rule).toBe('output');
  });
});

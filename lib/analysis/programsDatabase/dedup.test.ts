import { describe, expect, it } from 'vitest';
import { behaviourKey, canonical, findDuplicates, normaliseCode } from './dedup';

describe('findDuplicates: behavioural versus textual duplicates and their budget', () => {
  // Five programs in arrival order, each with its cost in dollars:
  //   p1 x*2   outputs [2, 4, 6]   $0.01  first of its code and behaviour -> unique
  //   p2 x*2 (+ trailing spaces, blank line) [2, 4, 6]  $0.02  same normalised code as p1 -> textual
  //   p3 x+x   outputs [2, 4, 6]   $0.03  new code, behaviour of p1       -> behavioural
  //   p4 x**2  outputs [1, 4, 9]   $0.04  new code, new behaviour         -> unique
  //   p5 no outputs                $0.05  new code, behaviour unknown     -> unique (behaviourKnown false)
  // Totals: unique 3 ($0.01 + $0.04 + $0.05 = $0.10), textual 1 ($0.02), behavioural 1 ($0.03);
  // the seed's rule (output hash seen before) discards p2 and p3: 2 ($0.05).
  const programs = [
    { id: 'p1', code: 'def f(x):\n    return x * 2\n', outputs: [2, 4, 6], cost: 0.01 },
    { id: 'p2', code: 'def f(x):   \r\n\r\n    return x * 2', outputs: [2, 4, 6], cost: 0.02 },
    { id: 'p3', code: 'def f(x):\n    return x + x\n', outputs: [2, 4, 6], cost: 0.03 },
    { id: 'p4', code: 'def f(x):\n    return x ** 2\n', outputs: [1, 4, 9], cost: 0.04 },
    { id: 'p5', code: 'def g(x):\n    return 0\n', cost: 0.05 },
  ];

  it('sorts each program into unique / textual / behavioural, pointing at the first of its kind', () => {
    const r = findDuplicates(programs);
    expect(r.entries.map((e) => [e.id, e.kind, e.duplicateOf])).toEqual([
      ['p1', 'unique', null],
      ['p2', 'textual', 'p1'],
      ['p3', 'behavioural', 'p1'],
      ['p4', 'unique', null],
      ['p5', 'unique', null],
    ]);
    expect(r.entries[4]).toMatchObject({ behaviourKnown: false, basis: null });
    expect(r.entries[0]).toMatchObject({ behaviourKnown: true, basis: 'outputs' });
  });

  it('adds up the budget spent on each kind, worked by hand', () => {
    const t = findDuplicates(programs).totals;
    expect(t.programs.count).toBe(5);
    expect(t.programs.budget).toBeCloseTo(0.15, 12);
    expect(t.unique.count).toBe(3);
    expect(t.unique.budget).toBeCloseTo(0.1, 12);
    expect(t.textual).toEqual({ count: 1, budget: 0.02 });
    expect(t.behavioural).toEqual({ count: 1, budget: 0.03 });
    expect(t.withoutBehaviour).toEqual({ count: 1, budget: 0.05 });
    expect(t.seedRuleDiscards.count).toBe(2);
    expect(t.seedRuleDiscards.budget).toBeCloseTo(0.05, 12);
  });

  it('groups programs that behave alike, counting how many different texts they have', () => {
    const { groups } = findDuplicates(programs);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ ids: ['p1', 'p2', 'p3'], distinctCode: 2, basis: 'outputs', scope: null });
    expect(groups[0].budget).toBeCloseTo(0.06, 12);
  });

  it('counts one evaluation per program when no cost is given', () => {
    const r = findDuplicates([
      { id: 'a', code: 'x = 1', outputs: { a: 1, b: 2 } },
      { id: 'b', code: 'x = 2', outputs: { b: 2, a: 1 } },
    ]);
    expect(r.entries[1]).toMatchObject({ kind: 'behavioural', duplicateOf: 'a', cost: 1 });
    expect(r.totals.behavioural).toEqual({ count: 1, budget: 1 });
  });

  it("prefers the source's output hash, then the outputs, then scores_per_test", () => {
    expect(behaviourKey({ id: 'a', outputHash: 'abc', outputs: [1], scoresPerTest: { t: 1 } })?.basis).toBe('outputHash');
    expect(behaviourKey({ id: 'a', outputs: [1], scoresPerTest: { t: 1 } })?.basis).toBe('outputs');
    expect(behaviourKey({ id: 'a', scoresPerTest: { t: 1 } })?.basis).toBe('scoresPerTest');
    expect(behaviourKey({ id: 'a', scoresPerTest: {} })).toBeNull();
    // Same hash, different code and different recorded outputs: the hash decides.
    const r = findDuplicates([
      { id: 'a', code: 'A', outputHash: 'h', outputs: [1] },
      { id: 'b', code: 'B', outputHash: 'h', outputs: [2] },
      // Equal scores_per_test only (coarser than outputs), recorded as such.
      { id: 'c', code: 'C', scoresPerTest: { '(6,1)': 10, '(7,1)': 16 } },
      { id: 'd', code: 'D', scoresPerTest: { '(7,1)': 16, '(6,1)': 10 } },
    ]);
    expect(r.entries.map((e) => [e.kind, e.basis])).toEqual([
      ['unique', 'outputHash'],
      ['behavioural', 'outputHash'],
      ['unique', 'scoresPerTest'],
      ['behavioural', 'scoresPerTest'],
    ]);
  });

  it('deduplicates within a scope only (per island and reset, as the seed implementation does)', () => {
    const r = findDuplicates([
      { id: 'a', code: 'same', outputs: [1], scope: '0:0' },
      { id: 'b', code: 'same', outputs: [1], scope: '1:0' },
      { id: 'c', code: 'same', outputs: [1], scope: '0:1' },
      { id: 'd', code: 'other', outputs: [1], scope: '0:1' },
    ]);
    expect(r.entries.map((e) => e.kind)).toEqual(['unique', 'unique', 'unique', 'behavioural']);
    expect(r.groups).toEqual([{ scope: '0:1', basis: 'outputs', ids: ['c', 'd'], distinctCode: 2, budget: 2 }]);
  });

  it('a textual duplicate stays textual even when its recorded outputs differ (a non-deterministic evaluation)', () => {
    const r = findDuplicates([
      { id: 'a', code: 'random()', outputs: [1] },
      { id: 'b', code: 'random()', outputs: [2] },
    ]);
    expect(r.entries[1]).toMatchObject({ kind: 'textual', duplicateOf: 'a' });
    expect(r.totals.seedRuleDiscards.count).toBe(0);
  });
});

describe('canonical outputs and normalised code', () => {
  it('canonical text: object keys sorted, NaN / Infinity / null kept apart, -0 equal to 0', () => {
    expect(canonical({ b: [1, 2], a: 'x' })).toBe('{"a":"x","b":[1,2]}');
    expect(canonical([Number.NaN])).not.toBe(canonical([null]));
    expect(canonical([Infinity])).not.toBe(canonical([-Infinity]));
    expect(canonical([-0])).toBe(canonical([0]));
    expect(canonical([1])).not.toBe(canonical(['1']));
  });

  it('normalised code ignores line endings, trailing whitespace and blank lines, not comments', () => {
    expect(normaliseCode('a = 1  \r\n\r\n  b = 2\n')).toBe('a = 1\n  b = 2');
    expect(normaliseCode('a = 1 # one')).not.toBe(normaliseCode('a = 1'));
    expect(normaliseCode('a  = 1')).not.toBe(normaliseCode('a = 1'));
  });
});

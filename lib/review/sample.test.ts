import { describe, expect, it } from 'vitest';
import { allocate, sampleEdits, signOf, strata, type SampleCandidate } from './sample';

const edit = (i: number, labels: string[] | null, delta: number | null, bestSoFar = false): SampleCandidate => ({
  runId: i % 2 ? 'r1' : 'r2',
  childId: `c${i}`,
  parentId: `p${i}`,
  labels,
  delta,
  bestSoFar,
});

// 60 local refinements that improve, 30 that do not, 6 bug fixes (3 up, 3 down), 3 unjudged, 1 pruning flat.
const population: SampleCandidate[] = [
  ...Array.from({ length: 60 }, (_, i) => edit(i, ['local_refinement'], 0.5)),
  ...Array.from({ length: 30 }, (_, i) => edit(100 + i, ['local_refinement'], -1)),
  ...Array.from({ length: 3 }, (_, i) => edit(200 + i, ['bug_fix', 'local_refinement'], 2)),
  ...Array.from({ length: 3 }, (_, i) => edit(300 + i, ['bug_fix'], -2, i === 0)),
  ...Array.from({ length: 3 }, (_, i) => edit(400 + i, null, null, true)),
  edit(500, ['pruning'], 0, true),
];

describe('strata', () => {
  it('crosses the rarest label with the sign of the score change', () => {
    expect(signOf(null)).toBe('unscored');
    expect(signOf(0)).toBe('flat');
    const keys = strata(population);
    expect(keys[0]).toBe('local_refinement|up');
    expect(keys[60]).toBe('local_refinement|down');
    // bug_fix is rarer than local_refinement: the compound goes to the bug_fix stratum.
    expect(keys[90]).toBe('bug_fix|up');
    expect(keys[93]).toBe('bug_fix|down');
    expect(keys[96]).toBe('unjudged|unscored');
    expect(keys[99]).toBe('pruning|flat');
    expect(strata([edit(1, [], 1)])).toEqual(['none|up']);
  });
});

describe('allocate', () => {
  it('is proportional with at least one per non-empty stratum', () => {
    const a = allocate(new Map([['a', 60], ['b', 30], ['c', 6], ['d', 3], ['e', 1], ['z', 0]]), 20);
    expect([...a.values()].reduce((s, n) => s + n, 0)).toBe(20);
    expect(a.get('e')).toBe(1);
    expect(a.get('d')).toBeGreaterThanOrEqual(1);
    expect(a.get('a')!).toBeGreaterThan(a.get('b')!);
    expect(a.get('b')!).toBeGreaterThan(a.get('c')!);
    expect(a.has('z')).toBe(false);
  });
  it('takes one from each of the largest strata when the size is below the number of strata', () => {
    const a = allocate(new Map([['a', 5], ['b', 9], ['c', 1]]), 2);
    expect(Object.fromEntries(a)).toEqual({ b: 1, a: 1, c: 0 });
  });
  it('never exceeds a stratum and stops at the population', () => {
    const a = allocate(new Map([['a', 2], ['b', 50]]), 1000);
    expect(Object.fromEntries(a)).toEqual({ a: 2, b: 50 });
    const b = allocate(new Map([['a', 2], ['b', 50]]), 30);
    expect(b.get('a')! + b.get('b')!).toBe(30);
    expect(b.get('a')).toBeLessThanOrEqual(2);
  });
});

describe('sampleEdits', () => {
  it('is deterministic for a seed, differs across seeds, and has no duplicates', () => {
    const a = sampleEdits(population, { mode: 'stratified', size: 12, seed: 7 });
    const b = sampleEdits(population, { mode: 'stratified', size: 12, seed: 7 });
    const c = sampleEdits(population, { mode: 'stratified', size: 12, seed: 8 });
    expect(a.map((e) => e.childId)).toEqual(b.map((e) => e.childId));
    expect(a.map((e) => e.childId)).not.toEqual(c.map((e) => e.childId));
    expect(new Set(a.map((e) => e.childId)).size).toBe(12);
  });
  it('covers every non-empty stratum when the size allows', () => {
    const sample = sampleEdits(population, { mode: 'stratified', size: 10, seed: 1 });
    const keyOf = new Map(population.map((e, i) => [e.childId, strata(population)[i]]));
    const covered = new Set(sample.map((e) => keyOf.get(e.childId)));
    expect(covered).toEqual(new Set(strata(population)));
    expect(sample).toHaveLength(10);
  });
  it('takes only best-so-far edits in best-so-far mode', () => {
    const all = sampleEdits(population, { mode: 'best-so-far', size: 50, seed: 3 });
    expect(all.map((e) => e.childId).sort()).toEqual(['c300', 'c400', 'c401', 'c402', 'c500']);
    const two = sampleEdits(population, { mode: 'best-so-far', size: 2, seed: 3 });
    expect(two).toHaveLength(2);
    expect(two.every((e) => e.bestSoFar)).toBe(true);
  });
  it('returns everything (shuffled) when the size exceeds the population', () => {
    const s = sampleEdits(population.slice(0, 5), { mode: 'stratified', size: 99, seed: 2 });
    expect(s.map((e) => e.childId).sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });
});

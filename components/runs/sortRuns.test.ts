import { describe, expect, it } from 'vitest';
import type { RunSummary } from '@/lib/contracts/api/runs';
import { nextRunSort, sortRuns } from './sortRuns';

const run = (name: string, programCount: number, bestScore: number | null, costTotal: number | null = null): RunSummary => ({
  id: name, name, framework: 'openevolve', task: null, language: null, status: 'ready', programCount, invalidCount: 0, unevaluatedCount: 0,
  validShare: 1, bestScore, scoreMetric: 'score', higherIsBetter: true, lastIteration: null, importedAt: '2025-01-01T00:00:00.000Z', tags: [], importJobId: null, origin: 'folder x',
  costTotal, costBasis: costTotal == null ? null : 'contexts', inputTokens: null, outputTokens: costTotal == null ? null : costTotal * 1000, totalTokens: costTotal == null ? null : costTotal * 1000, tokensBasis: null,
});

describe('sortRuns', () => {
  it('sorts by cost and by tokens, unknown last both ways', () => {
    const priced = [run('x', 1, null, 0.5), run('y', 1, null, null), run('z', 1, null, 2)];
    expect(sortRuns(priced, { key: 'costTotal', dir: 'desc' }).map((r) => r.name)).toEqual(['z', 'x', 'y']);
    expect(sortRuns(priced, { key: 'costTotal', dir: 'asc' }).map((r) => r.name)).toEqual(['x', 'z', 'y']);
    expect(sortRuns(priced, { key: 'totalTokens', dir: 'asc' }).map((r) => r.name)).toEqual(['x', 'z', 'y']);
    expect(nextRunSort({ key: 'name', dir: 'asc' }, 'costTotal')).toEqual({ key: 'costTotal', dir: 'desc' });
  });
  const runs = [run('b', 10, 0.5), run('a', 30, null), run('c', 20, 0.9)];
  it('sorts numbers and text both ways', () => {
    expect(sortRuns(runs, { key: 'programCount', dir: 'desc' }).map((r) => r.name)).toEqual(['a', 'c', 'b']);
    expect(sortRuns(runs, { key: 'name', dir: 'asc' }).map((r) => r.name)).toEqual(['a', 'b', 'c']);
  });
  it('keeps runs without a value last in either direction', () => {
    expect(sortRuns(runs, { key: 'bestScore', dir: 'asc' }).map((r) => r.name)).toEqual(['b', 'c', 'a']);
    expect(sortRuns(runs, { key: 'bestScore', dir: 'desc' }).map((r) => r.name)).toEqual(['c', 'b', 'a']);
  });
  it('flips the active column and starts text columns ascending, numbers descending', () => {
    expect(nextRunSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextRunSort({ key: 'name', dir: 'asc' }, 'programCount')).toEqual({ key: 'programCount', dir: 'desc' });
    expect(nextRunSort({ key: 'programCount', dir: 'desc' }, 'task')).toEqual({ key: 'task', dir: 'asc' });
  });
});

import { describe, expect, it } from 'vitest';
import type { RunSummary } from '@/lib/contracts/api/runs';
import { compareHref, groupRuns } from './groupRuns';

const run = (id: string, importJobId: string | null): RunSummary => ({
  id, name: id, framework: 'funsearch', task: null, language: null, status: 'ready', programCount: 1, invalidCount: 0,
  unevaluatedCount: 0, validShare: 1, bestScore: 1, scoreMetric: 'score', higherIsBetter: true, lastIteration: null,
  importedAt: '2025-01-01T00:00:00.000Z', tags: [], importJobId, origin: 'archive funsearch.zip', costTotal: null, costBasis: null, inputTokens: null, outputTokens: null, totalTokens: null, tokensBasis: null,
});

describe('groupRuns', () => {
  it('puts the runs of one import under one group, where its first run falls, keeping the order inside', () => {
    const sorted = [run('a', null), run('g2', 'J'), run('b', 'single'), run('g1', 'J'), run('c', null), run('g3', 'J')];
    const items = groupRuns(sorted, [{ id: 'J', sourceName: 'export.json', runIds: ['g1', 'g2', 'g3', 'g4'] }]);
    expect(items.map((i) => (i.kind === 'run' ? i.run.id : `${i.group.sourceName}[${i.runs.map((r) => r.id).join(',')}]`))).toEqual([
      'a', 'export.json[g2,g1,g3]', 'b', 'c',
    ]);
  });

  it('leaves runs of imports the API did not report as groups on their own', () => {
    expect(groupRuns([run('a', 'X'), run('b', 'X')], []).map((i) => i.kind)).toEqual(['run', 'run']);
  });

  it('links every run of the import for comparison', () => {
    expect(compareHref(['g1', 'g2'])).toBe('/compare?runs=g1,g2');
  });
});

import { describe, expect, it } from 'vitest';
import { analyzeRun } from './analyzeRun';
import { prog } from './testPrograms';

describe('analyzeRun', () => {
  // R (it 0, score 1); A (it 1, score 2) removes "beta = load()"; B (it 2, parent R, score 0.5)
  // retunes "alpha = 1" -> "alpha = 2"; C (it 3, parent A, score 3) re-adds "beta = load()".
  // Best-so-far: R 1, A 2, C 3 -> 3 events; final best C, first-parent chain R -> A -> C: depth 3;
  // dead branches: B only -> 1/4.
  const run = [
    prog('R', null, 0, ['alpha = 1', 'beta = load()', 'use(alpha)'], { language: 'python', score: 1 }),
    prog('A', 'R', 1, ['alpha = 1', 'use(alpha)'], { language: 'python', score: 2 }),
    prog('B', 'R', 2, ['alpha = 2', 'beta = load()', 'use(alpha)'], { language: 'python', score: 0.5 }),
    prog('C', 'A', 3, ['alpha = 1', 'beta = load()', 'use(alpha)'], { language: 'python', score: 3 }),
  ];

  it('returns the summary keys in the agreed order, then the rows', () => {
    const r = analyzeRun(run, { definitions: 'default', scope: 'lineage' });
    expect(Object.keys(r.summary).slice(0, 15)).toEqual([
      'programs', 'editsAnalysed', 'cycleEvents', 'uniqueCycledLines', 'totalAdded', 'recycledAdded', 'totalRemoved',
      'recycledRemoved', 'literal', 'tuning', 'trivial', 'composition', 'bestSoFarEvents', 'finalBestLineageDepth', 'deadBranchShare',
    ]);
    expect(r.summary).toMatchObject({
      programs: 4,
      editsAnalysed: 3,
      cycleEvents: 1,
      uniqueCycledLines: 1,
      totalAdded: 2,
      recycledAdded: 1,
      totalRemoved: 2,
      recycledRemoved: 1,
      literal: 1,
      tuning: 0,
      trivial: 0,
      composition: { pure_tuning: 1, mostly_tuning: 0, mixed: 0, mostly_structural: 0, pure_structural: 2 },
      bestSoFarEvents: 3,
      finalBestLineageDepth: 3,
      deadBranchShare: 0.25,
    });
    expect(r.edits).toEqual([
      { parentId: 'R', childId: 'A', iteration: 1, added: 0, recycledAdded: 0, removed: 1, recycledRemoved: 1, bucket: 'pure_structural' },
      { parentId: 'R', childId: 'B', iteration: 2, added: 1, recycledAdded: 0, removed: 1, recycledRemoved: 0, bucket: 'pure_tuning' },
      { parentId: 'A', childId: 'C', iteration: 3, added: 1, recycledAdded: 1, removed: 0, recycledRemoved: 0, bucket: 'pure_structural' },
    ]);
  });
});

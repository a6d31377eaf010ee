import { describe, expect, it } from 'vitest';
import type { AnalysisProgram } from '../types';
import { labelledEdit, runEdits } from './runEdits';

const prog = (seq: number, id: string, parentIds: string[], iteration: number | null, score: number | null, extra: Partial<AnalysisProgram> = {}): AnalysisProgram => ({
  id,
  parentIds,
  iteration,
  timestamp: null,
  seq,
  code: `x = ${seq}\n`,
  valid: true,
  score,
  language: 'python',
  ...extra,
});

describe('runEdits', () => {
  // root(0) -> a(1, score 2) -> b(2, score 5, best) ; root -> c(3, parents: missing, root; score 4) ;
  // a -> d(4, invalid) ; e(5) has only a parent outside the run ; f(6) lists itself then a, empty code.
  const programs = [
    prog(0, 'root', [], 0, 1),
    prog(1, 'a', ['root'], 1, 2),
    prog(2, 'b', ['a'], 2, 5),
    prog(3, 'c', ['gone', 'root'], 3, 4),
    prog(4, 'd', ['a'], 3, 9, { valid: false }),
    prog(5, 'e', ['elsewhere'], 4, 3),
    prog(6, 'f', ['f', 'a'], 4, 3, { code: '' }),
    prog(7, 'g', ['b', 'c'], 4, 5),
  ];
  const { edits, scoreScale } = runEdits(programs, true);
  const byChild = new Map(edits.map((e) => [e.childId, e]));

  it('makes one edit per child against its first listed parent in the run, skipping empty code', () => {
    expect(edits.map((e) => [e.parentId, e.childId])).toEqual([
      ['root', 'a'],
      ['a', 'b'],
      ['root', 'c'], // 'gone' is not in the run
      ['a', 'd'],
      ['b', 'g'],
    ]);
    // e: no parent in the run; f: empty code (and its self-link is ignored).
    expect(byChild.has('e')).toBe(false);
    expect(byChild.has('f')).toBe(false);
  });

  it('takes valid scores only, progress by effective iteration, best-so-far and the final lineage', () => {
    expect(byChild.get('d')).toMatchObject({ parentScore: 2, childScore: null }); // invalid child: unscored
    // Last iteration 4: a at 1 -> .25, b at 2 -> .5, g at 4 -> 1.
    expect(edits.map((e) => e.progress)).toEqual([0.25, 0.5, 0.75, 0.75, 1]);
    // Strict improvements: root 1, a 2, b 5 (g ties at 5: not an update; d is invalid).
    expect(edits.filter((e) => e.bestSoFar).map((e) => e.childId)).toEqual(['a', 'b']);
    // Final best b: lineage root, a, b (g is later but only ties).
    expect(edits.filter((e) => e.finalLineage).map((e) => e.childId)).toEqual(['a', 'b']);
    // Valid |scores| 1 2 5 4 3 3 5 (d is invalid) sorted 1 2 3 3 4 5 5: h = 6 * .95 = 5.7 -> 5 + .7 * 0 = 5.
    expect(scoreScale).toBe(5);
  });

  it('follows every parent to the final best, and flips the direction when lower is better', () => {
    const low = runEdits(programs, false);
    // Lower is better: root 1 stays the best; no edit improves it; the lineage is root alone.
    expect(low.edits.filter((e) => e.bestSoFar)).toEqual([]);
    expect(low.edits.filter((e) => e.finalLineage)).toEqual([]);
    // A crossover as final best: h (best, 7) has parents c then a: the lineage has c, a and root.
    const withH = runEdits([...programs, prog(8, 'h', ['c', 'a'], 5, 7)], true);
    expect(withH.edits.filter((e) => e.finalLineage).map((e) => e.childId)).toEqual(['a', 'c', 'h']);
    expect(labelledEdit(withH.edits[0], ['pruning'])).toEqual({
      childId: 'a', parentId: 'root', labels: ['pruning'], parentScore: 1, childScore: 2, progress: 0.2, bestSoFar: true, finalLineage: true,
    });
  });
});

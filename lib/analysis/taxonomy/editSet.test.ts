import { describe, expect, it } from 'vitest';
import { editSet, type EditSetProgram } from './editSet';

const prog = (i: number, parentIds: string[], score: number | null, more: Partial<EditSetProgram> = {}): EditSetProgram => ({
  id: `p${i}`, seq: i, iteration: i, valid: true, score, parentIds, hasCode: true, ...more,
});

describe('editSet', () => {
  // p0 seed; p1, p2 children of p0; p3 a crossover of p1 and p2 (the final best); p4 has only a
  // ghost parent; p5 has empty code; p6 an invalid child of p3.
  const programs = [
    prog(0, [], 1),
    prog(1, ['p0'], 3),
    prog(2, ['p0'], 2),
    prog(3, ['ghost', 'p1', 'p2'], 5),
    prog(4, ['ghost'], 0),
    prog(5, ['p2'], 4, { hasCode: false }),
    prog(6, ['p3'], 7, { valid: false }),
  ];

  it('makes one edit per child against its first in-run parent, skipping empty code', () => {
    const { edits } = editSet(programs, true);
    expect(edits.map((e) => `${e.parentId}>${e.childId}`)).toEqual(['p0>p1', 'p0>p2', 'p1>p3', 'p3>p6']);
    expect(edits.map((e) => [e.parentScore, e.childScore])).toEqual([[1, 3], [1, 2], [3, 5], [5, null]]);
    expect(edits.map((e) => e.progress)).toEqual([1 / 6, 2 / 6, 3 / 6, 1]);
  });

  it('flags best-so-far updates and the final best lineage through every parent', () => {
    const { edits, scores } = editSet(programs, true);
    // p5's 4 is a valid score although its code is empty; p6 is invalid.
    expect(edits.map((e) => [e.childId, e.bestSoFar, e.finalLineage])).toEqual([
      ['p1', true, true], ['p2', false, true], ['p3', true, true], ['p6', false, false],
    ]);
    expect(scores).toEqual([1, 3, 2, 5, 0, 4]);
  });

  it('follows the run direction when lower is better', () => {
    const { edits } = editSet([prog(0, [], 5), prog(1, ['p0'], 3), prog(2, ['p1'], 4)], false);
    expect(edits.map((e) => [e.childId, e.bestSoFar, e.finalLineage])).toEqual([['p1', true, true], ['p2', false, false]]);
  });
});

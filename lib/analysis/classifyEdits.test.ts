import { describe, expect, it } from 'vitest';
import { classifyEdits, compositionBucket, countRetunePairs } from './classifyEdits';
import { prog } from './testPrograms';

describe('classifyEdits', () => {
  it('splits changed lines into retune pairs and structural lines, buckets each edit', () => {
    const base = ['alpha = 1', 'beta = 2', 'gamma = 3', 'call_one()', 'finish()'];
    const run = [
      prog('R', null, 0, base, { language: 'python', score: 0.5 }),
      // A: alpha 1->5 and beta 2->6 are 2 pairs (4 tuning lines); call_one -> call_two is 2 structural: 4/6 mostly_tuning.
      prog('A', 'R', 1, ['alpha = 5', 'beta = 6', 'gamma = 3', 'call_two()', 'finish()'], { language: 'python', score: 0.7 }),
      // B (from R): gamma 3->9 is a pair; call_one() removed and log() added are structural: 2/4 = 0.5 mixed.
      prog('B', 'R', 2, ['alpha = 1', 'beta = 2', 'gamma = 9', 'log()', 'finish()'], { language: 'python', score: 0.1 }),
      // C (from R): a new line only: 0/1 pure_structural. D (from R): only a comment changes: no code lines, no bucket.
      prog('C', 'R', 3, [...base, 'extra()'], { language: 'python', score: null }),
      prog('D', 'R', 4, [...base, '# note 1'], { language: 'python', score: 0.5 }),
    ];
    const r = classifyEdits(run, { definitions: 'default' });
    expect(r.edits.map((e) => [e.childId, e.tuningLines, e.structuralLines, e.bucket, e.scoreDelta])).toEqual([
      ['A', 4, 2, 'mostly_tuning', 0.7 - 0.5],
      ['B', 2, 2, 'mixed', 0.1 - 0.5],
      ['C', 0, 1, 'pure_structural', null],
      ['D', 0, 0, null, 0],
    ]);
    expect(r.summary).toMatchObject({
      edits: 4,
      tuningLines: 6,
      structuralLines: 5,
      commentLines: 0,
      buckets: { pure_tuning: 0, mostly_tuning: 1, mixed: 1, mostly_structural: 0, pure_structural: 1 },
      editsWithoutCodeLines: 1,
      medianPerEditTuningFraction: 0.5,
      nScoreUp: 1,
      nScoreDown: 1,
    });
    // 'evoreplay' keeps "# note 1" as a code line (it only sets aside "/*", "*/", "*", "//" lines): D is pure_structural.
    expect(classifyEdits(run, { definitions: 'evoreplay' }).edits[3].bucket).toBe('pure_structural');
  });

  it("'evoreplay' counts score changes on the raw metric, sentinels included", () => {
    const run = [
      prog('R', null, 0, ['alpha = 1'], { score: 0.5, rawScore: 0.5 }),
      prog('A', 'R', 1, ['alpha = 2'], { score: null, rawScore: -1000 }),
    ];
    expect(classifyEdits(run, { definitions: 'evoreplay' }).summary.nScoreDown).toBe(1);
    expect(classifyEdits(run, { definitions: 'default' }).summary.nScoreDown).toBe(0);
  });

  it('pairs greedily: first unpaired removed line with the same skeleton and different text', () => {
    // Added "x = 3" pairs with removed "x = 1"; added "x = 1" then pairs with "x = 2" (not with
    // "x = 1", identical text); added "y = 1" has no partner.
    expect(countRetunePairs(['x = 1', 'x = 2'], ['x = 3', 'x = 1', 'y = 1'])).toBe(2);
    expect(countRetunePairs(['x = 1'], ['x = 1'])).toBe(0);
  });

  it('bucket thresholds', () => {
    expect([0.95, 0.9, 0.6, 0.59, 0.41, 0.4, 0.11, 0.1, 0].map(compositionBucket)).toEqual([
      'pure_tuning', 'pure_tuning', 'mostly_tuning', 'mixed', 'mixed', 'mostly_structural', 'mostly_structural', 'pure_structural', 'pure_structural',
    ]);
  });
});

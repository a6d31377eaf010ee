import { describe, expect, it } from 'vitest';
import { classSplitNote, prepareClassSplit } from './classSplitModel';

describe('literal / tuning / trivial split', () => {
  it('stacks the classes left to right in proportion to their counts', () => {
    const s = prepareClassSplit({ literal: 6, tuning: 3, trivial: 1 }, 200);
    expect(s.total).toBe(10);
    expect(s.segments.map((x) => [x.klass, x.x, x.width, x.share])).toEqual([
      ['literal', 0, 120, 0.6],
      ['tuning', 120, 60, 0.3],
      ['trivial', 180, 20, 0.1],
    ]);
  });

  it('has zero-width segments when there are no events', () => {
    const s = prepareClassSplit({ literal: 0, tuning: 0, trivial: 0 }, 200);
    expect(s.total).toBe(0);
    expect(s.segments.every((x) => x.width === 0 && x.share === 0)).toBe(true);
  });
});

describe('classSplitNote', () => {
  it('adds the classes up to the total it states', () => {
    const n = classSplitNote({ literal: 66, tuning: 52, trivial: 0 }, 70, 69);
    expect(n.total).toBe(66 + 52 + 0);
    expect(n.text).toContain('66 literal + 52 tuning + 0 trivial = 118 re-additions by skeleton');
    expect(n.text).toContain('wider pairing than the 70 cycle events (69 recycled additions)');
  });
  it('says when the classes and the recycled additions are the same count', () => {
    expect(classSplitNote({ literal: 3, tuning: 0, trivial: 1 }, 5, 4).text).toContain('the same count as the recycled additions');
  });
});

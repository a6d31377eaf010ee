import { describe, expect, it } from 'vitest';
import { prepareClassSplit } from './classSplitModel';

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

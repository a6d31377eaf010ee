import { describe, expect, it } from 'vitest';
import { dealBatches } from './poolSchedule';

describe('dealBatches', () => {
  it('covers every item once, in contiguous blocks of batches', () => {
    const dealt = dealBatches(1050, 100, 2);
    expect(dealt[0].map(([f]) => f)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(dealt[1].map(([f]) => f)).toEqual([600, 700, 800, 900, 1000]);
    expect(dealt[1].at(-1)).toEqual([1000, 1050]);
    const covered = dealt.flat().sort((a, b) => a[0] - b[0]);
    let next = 0;
    for (const [from, to] of covered) {
      expect(from).toBe(next);
      next = to;
    }
    expect(next).toBe(1050);
  });

  it('leaves a thread without work when there are fewer batches than threads', () => {
    expect(dealBatches(50, 100, 3)).toEqual([[[0, 50]], [], []]);
    expect(dealBatches(0, 100, 2)).toEqual([[], []]);
  });
});

import { describe, expect, it } from 'vitest';
import { metricByNode } from './metricValues';

describe('metricByNode', () => {
  it('realigns values by seq, null where a program has none', () => {
    expect(metricByNode([0, 1, 5, 7], { seq: [7, 0, 5], value: [3.5, 1, null] })).toEqual([1, null, null, 3.5]);
  });
});

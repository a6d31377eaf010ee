import { describe, expect, it } from 'vitest';
import { EDIT_LABELS } from '@/lib/contracts/editLabels';
import { labelByNode } from './labelValues';

describe('labelByNode', () => {
  it('reads the label bit of each judged program, null for programs the judge did not label', () => {
    const data = { labels: [...EDIT_LABELS], programIds: ['b', 'c', 'd'], masks: [0b1, 0b1000000, 0b1000001] };
    expect(labelByNode(['a', 'b', 'c', 'd'], data, 'hyperparameter_tuning')).toEqual([null, true, false, true]);
    expect(labelByNode(['a', 'b', 'c', 'd'], data, 'pruning')).toEqual([null, false, true, true]);
  });
  it('uses the label order of the response', () => {
    const data = { labels: ['pruning', 'bug_fix'], programIds: ['x'], masks: [0b10] };
    expect(labelByNode(['x'], data, 'bug_fix')).toEqual([true]);
    expect(labelByNode(['x'], data, 'refactor')).toEqual([false]);
  });
});

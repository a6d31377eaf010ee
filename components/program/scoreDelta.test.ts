import { describe, expect, it } from 'vitest';
import { scoreDelta } from './scoreDelta';

describe('scoreDelta', () => {
  it('signs the change and judges it by the run\'s direction', () => {
    expect(scoreDelta(0.75, { score: 0.5, valid: true }, true)).toEqual({ text: '+0.25 vs parent', direction: 'better', delta: 0.25 });
    expect(scoreDelta(0.7, { score: 0.75, valid: true }, true)).toEqual({ text: '−0.05 vs parent', direction: 'worse', delta: -0.05 });
    expect(scoreDelta(0.7, { score: 0.75, valid: true }, false)?.direction).toBe('better');
    expect(scoreDelta(3, { score: 3, valid: true }, true)).toEqual({ text: '±0 vs parent', direction: 'same', delta: 0 });
  });

  it('is null with nothing to compare', () => {
    expect(scoreDelta(1, null, true)).toBeNull();
    expect(scoreDelta(null, { score: 1, valid: true }, true)).toBeNull();
    expect(scoreDelta(1, { score: null, valid: true }, true)).toBeNull();
    expect(scoreDelta(1, { score: -1000, valid: false }, true)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Claim } from '@/lib/trace/diagnosis';
import { claimLinker, unplacedClaims } from './claimLinks';

const claim = (value: string, toolCallIdx: number | null, part: Claim['part'] = 'verdict'): Claim => ({ part, text: '', value, toolCallIdx });

describe('claimLinker', () => {
  it('splits a part at its claims’ numbers, as whole numbers only', () => {
    const link = claimLinker([claim('2.6351', 1), claim('0.98', null), claim('812', 3, 'hypothesis')], 'verdict');
    expect(link('score 2.6351, not 12.63510 or x2.6351; 0.98 used; 812 ms')).toEqual([
      { text: 'score ' },
      { text: '2.6351', claim: claim('2.6351', 1) },
      { text: ', not 12.63510 or x2.6351; ' },
      { text: '0.98', claim: claim('0.98', null) },
      // 812 is a claim of another part: plain text here.
      { text: ' used; 812 ms' },
    ]);
  });

  it('takes repeated values’ claims in order across text nodes, and prefers the longer value', () => {
    const link = claimLinker([claim('2', 1), claim('2', 2), claim('2.5', 4)], 'verdict');
    expect(link('2 then 2.5').map((s) => s.claim?.toolCallIdx ?? null)).toEqual([1, null, 4]);
    expect(link('again 2 and 2').filter((s) => s.claim).map((s) => s.claim!.toolCallIdx)).toEqual([2, 2]);
  });

  it('leaves text alone without claims, and names claims whose number is not in their part', () => {
    expect(claimLinker([], 'hypothesis')('42 things')).toEqual([{ text: '42 things' }]);
    const texts = { hypothesis: 'h 1', experiment: '', verdict: 'v 7', direction: '' };
    expect(unplacedClaims([claim('7', 0), claim('9', 1)], texts)).toEqual([claim('9', 1)]);
  });
});

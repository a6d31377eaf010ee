import { describe, expect, it } from 'vitest';
import { buildPrompt, samplerCost, SAMPLER_MODEL } from './sampler';

describe('simulated sampler model', () => {
  it('counts tokens as ceil(characters / 4) and prices them as stated', () => {
    // 10 characters in -> 3 tokens; 401 characters out -> 101 tokens.
    const c = samplerCost('x'.repeat(10), 'y'.repeat(401));
    expect(c.inputTokens).toBe(3);
    expect(c.outputTokens).toBe(101);
    expect(c.gpuSeconds).toBeCloseTo(0.25 + 3 / 4000 + 101 / 60, 12);
    expect(c.cost).toBeCloseTo((3 * 0.15 + 101 * 0.6) / 1e6, 15);
    // Characters, not UTF-16 units: one emoji is one character.
    expect(samplerCost('😀😀😀😀', '').inputTokens).toBe(1);
    expect(SAMPLER_MODEL.name).toMatch(/simulated/);
  });

  it("lays the prompt out as FunSearch does: versioned examples, best last, then the next version's header", () => {
    const text = buildPrompt([{ code: 'def priority(item, bins):\n    return -bins\n' }, { code: 'def priority(item, bins):\n    return bins - item\n' }]);
    expect(text).toBe(
      [
        '# Version 0',
        'def priority_v0(item, bins):',
        '    return -bins',
        '',
        '# Version 1',
        'def priority_v1(item, bins):',
        '    return bins - item',
        '',
        '# Version 2: improved over priority_v1',
        'def priority_v2(item, bins):',
        '    """Improved version of priority_v1."""',
        '',
      ].join('\n'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatScore, formatSigned } from './format';

describe('formatSigned', () => {
  it('puts a plus on gains, keeps the minus of losses, and formats as formatScore does', () => {
    expect(formatSigned(0.25)).toBe('+0.25');
    expect(formatSigned(-1.5)).toBe('-1.5');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(1 / 3)).toBe(`+${formatScore(1 / 3)}`);
    expect(formatSigned(2e-5)).toBe('+2.000e-5');
  });

  it('says there is none with a dash', () => {
    expect(formatSigned(null)).toBe('—');
    expect(formatSigned(undefined)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('passwordProblem', () => {
  it.each(['        ', '\t\t\t\t\t\t\t\t', '   x    ', 'short', ''])('refuses %j', (p) => {
    expect(passwordProblem(p)).toMatch(/at least 8 characters/);
  });
  it.each(['a b c d e', 'correct horse battery', ' padded password '])('accepts %j', (p) => {
    expect(passwordProblem(p)).toBeNull();
  });
  it('refuses more than 256 characters', () => {
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });
});

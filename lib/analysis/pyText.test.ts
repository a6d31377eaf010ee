import { describe, expect, it } from 'vitest';
import { pyLen, pyStrip, splitLines, withoutWhitespace } from './pyText';

describe('Python str semantics', () => {
  it('splitLines splits like str.splitlines()', () => {
    // Python: 'a\r\nb\rc\x0cd\x1ce\u2028f\n'.splitlines() == ['a', 'b', 'c', 'd', 'e', 'f']
    expect(splitLines('a\r\nb\rc\fd\x1ce\u2028f\n')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('\n')).toEqual(['']);
  });

  it('pyStrip strips Python whitespace only (not the BOM, but \\x1f and NBSP)', () => {
    expect(pyStrip('\ufeffx = 1\xa0')).toBe('\ufeffx = 1');
    expect(pyStrip('\x1f\t x \u3000')).toBe('x');
    expect(withoutWhitespace(' a =\t1 \xa0')).toBe('a=1');
  });

  it('pyLen counts code points', () => {
    expect(pyLen('ab\u{1F600}')).toBe(3);
    expect(pyLen('abc')).toBe(3);
    expect(pyLen('\ud800x')).toBe(2); // a lone surrogate counts once
  });
});

import { describe, expect, it } from 'vitest';
import { commentStyle, stripComments } from './comments';

describe('stripComments', () => {
  it('Python: "#" outside strings only; "//" is floor division; triple-quoted strings span lines', () => {
    const lines = ['q = n // 2  # halve', 's = "a # b"  # note', 'doc = """', '# not a comment', '"""', "t = '#'"];
    expect(stripComments(lines, 'hash')).toEqual(['q = n // 2  ', 's = "a # b"  ', 'doc = """', '# not a comment', '"""', "t = '#'"]);
  });

  it('C family: "//" and block comments outside strings, char literals and digit separators', () => {
    const lines = ['printf("http://x"); // log', 'int a = 1; /* one', ' * still comment', ' */ int b = 2;', "char c = '/'; // slash", "long n = 1'000'000; // big", 'x = a/*m*/+b;'];
    expect(stripComments(lines, 'c')).toEqual(['printf("http://x"); ', 'int a = 1; ', '', '  int b = 2;', "char c = '/'; ", "long n = 1'000'000; ", 'x = a +b;']);
  });

  it('picks the style from the language, else from the code', () => {
    expect(commentStyle('python', '')).toBe('hash');
    expect(commentStyle('cuda', '')).toBe('c');
    expect(commentStyle(null, 'import os\ndef f():\n  pass')).toBe('hash');
    expect(commentStyle(null, '#include <x>\nint main() {}')).toBe('c');
  });
});

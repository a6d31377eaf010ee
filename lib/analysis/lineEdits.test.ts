import { describe, expect, it } from 'vitest';
import { collapseNumbers, keepLine, lineEdits, normaliseEvoReplay } from './lineEdits';

const code = (...lines: string[]) => lines.join('\n') + '\n';

describe('lineEdits', () => {
  it('x++ / --y lines: evoreplay drops unindented removed "--" and added "++" lines, default keeps them', () => {
    const parent = code('int step(int x, int y) {', '--y;', '    x++;', '    return x + y;', '}');
    const child = code('int step(int x, int y) {', '++x;', '    y--;', '    return x + y;', '}');
    // One replace hunk: "-" lines "--y;", "    x++;"; "+" lines "++x;", "    y--;".
    // EvoReplay reads "---y;" as a file header and skips it, likewise "+++x;"; the indented
    // lines read "-    x++;" and "+    y--;" and survive.
    expect(lineEdits(parent, child, { definitions: 'evoreplay', language: 'c' })).toEqual({ removed: ['x++;'], added: ['y--;'] });
    expect(lineEdits(parent, child, { definitions: 'default', language: 'c' })).toEqual({ removed: ['--y;', 'x++;'], added: ['++x;', 'y--;'] });
    // The quirk is one-sided: a removed "++" line and an added "--" line are kept by both.
    expect(lineEdits(code('++a;'), code('--b;'), { definitions: 'evoreplay', language: 'c' })).toEqual({ removed: ['++a;'], added: ['--b;'] });
  });

  it('Python "//": evoreplay cuts it as a comment, default keeps floor division and removes "#" comments', () => {
    const parent = code('def half(n):', '    q = n // 2', '    return q');
    const child = code('def half(n):', '    q = n // 3  # thirds', '    return q');
    expect(lineEdits(parent, child, { definitions: 'evoreplay', language: 'python' })).toEqual({ removed: ['q = n'], added: ['q = n'] });
    expect(lineEdits(parent, child, { definitions: 'default', language: 'python' })).toEqual({ removed: ['q = n // 2'], added: ['q = n // 3'] });
  });

  it('evoreplay keeps "#" comment lines and cuts "//" inside strings', () => {
    const parent = code('x = 1', 'url = "http://a.b"');
    const child = code('x = 1', '# use the mirror', 'url = "http://c.d"');
    // Removed 'url = "http:' and added 'url = "http:' (both cut at "//"), added "# use the mirror".
    expect(lineEdits(parent, child, { definitions: 'evoreplay', language: 'python' })).toEqual({
      removed: ['url = "http:'],
      added: ['# use the mirror', 'url = "http:'],
    });
    expect(lineEdits(parent, child, { definitions: 'default', language: 'python' })).toEqual({
      removed: ['url = "http://a.b"'],
      added: ['url = "http://c.d"'],
    });
  });

  it('no lines when nothing changed, and identical results for an empty parent', () => {
    expect(lineEdits(code('a = 1'), code('a = 1'), { definitions: 'default' })).toEqual({ removed: [], added: [] });
    expect(lineEdits('', code('alpha = 1'), { definitions: 'evoreplay' })).toEqual({ removed: [], added: ['alpha = 1'] });
  });
});

describe('line normalisation and filtering', () => {
  it('normaliseEvoReplay cuts at the first "//", then drops in-line block comments, then strips', () => {
    expect(normaliseEvoReplay('  int a = 1; /* one */ // x  ')).toBe('int a = 1;');
    // "//" goes first, so a block comment containing "//" is left half open.
    expect(normaliseEvoReplay('/* a // b */ int z;')).toBe('/* a');
  });

  it('keepLine drops short, bare, #include and numeric-only lines', () => {
    for (const l of ['', 'ab', '}', '};', '});', 'else {', 'else{', 'return;', '#include <x.h>', '0.5,', '= 3;', '1e-3;', '(1, 2)']) {
      expect(keepLine(l), l).toBe(false);
    }
    for (const l of ['a = 1', 'x++;', 'foo()', '#define N 3', 'ab\u{1F600}']) expect(keepLine(l), l).toBe(true);
  });

  it('collapseNumbers replaces every numeric literal by "#"', () => {
    expect(collapseNumbers('a = 15.0 + 1.8e-3*turn + x2')).toBe('a = # + #*turn + x#');
  });
});

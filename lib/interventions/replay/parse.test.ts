import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../../services/demo/diffBlocks';
import { applyReply, modeOfContextKind, parseFullRewrite } from './parse';

const parent = [
  'import math',
  '# EVOLVE-BLOCK-START',
  'def f(x):',
  '    y = x * 2',
  '    return y + 1',
  '# EVOLVE-BLOCK-END',
  '',
  'print(f(3))',
  '',
].join('\n');

const block = (s: string, r: string) => `<<<<<<< SEARCH\n${s}\n=======\n${r}\n>>>>>>> REPLACE`;

describe('applyReply, OpenEvolve', () => {
  it('applies SEARCH/REPLACE blocks, each to the first occurrence, prose around them ignored', () => {
    const reply = `I will change the factor.\n\n${block('    y = x * 2', '    y = x * 3')}\n\nAnd the offset:\n${block('    return y + 1', '    return y - 1')}\n`;
    const r = applyReply(parent, reply, 'openevolve', { mode: 'diff' });
    expect(r).toEqual({ ok: true, format: 'diff', source: parent.replace('x * 2', 'x * 3').replace('y + 1', 'y - 1') });
  });

  it('replaces only the first of two identical occurrences', () => {
    const code = 'a = 1\nb = 2\na = 1\n';
    const r = applyReply(code, block('a = 1', 'a = 5'), 'openevolve');
    expect(r.ok && r.source).toBe('a = 5\nb = 2\na = 1\n');
  });

  it('matches a SEARCH that differs only in trailing spaces (apply_diff second pass)', () => {
    const r = applyReply(parent, block('    y = x * 2   ', '    y = 0'), 'openevolve');
    expect(r.ok && r.source).toContain('    y = 0\n');
  });

  it('reads back the demo generator blocks: the parent becomes the child byte for byte', () => {
    const child = parent.replace('    y = x * 2\n', '    y = x * 2\n    y = y ** 2\n').replace('print(f(3))', 'print(f(4))');
    const blocks = diffBlocks(parent.split('\n'), child.split('\n'));
    const reply = `Two changes.\n\n${blocks.map(([s, r]) => block(s, r)).join('\n\n')}\n`;
    expect(applyReply(parent, reply, 'openevolve', { mode: 'diff' })).toEqual({ ok: true, format: 'diff', source: child });
  });

  it('skips a block that does not match when another does; fails when none does, with the reason', () => {
    const some = applyReply(parent, `${block('nothing like this', 'x')}\n${block('import math', 'import math, sys')}`, 'openevolve');
    expect(some.ok && some.source.startsWith('import math, sys\n')).toBe(true);
    const none = applyReply(parent, `${block('nothing like this', 'x')}\n${block('nor this', 'y')}`, 'openevolve');
    expect(none).toEqual({ ok: false, error: 'none of the 2 SEARCH texts occurs in the parent' });
  });

  it('refuses malformed delimiters (extract_diffs raises)', () => {
    const r = applyReply(parent, `<<<<<<< SEARCH\nimport math\n=======\nimport os\n=======\nimport re\n>>>>>>> REPLACE`, 'openevolve');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/malformed SEARCH\/REPLACE/);
    const stray = applyReply(parent, `=======\n${block('import math', 'import os')}`, 'openevolve');
    expect(!stray.ok && stray.error).toMatch(/outside a diff block/);
  });

  it('diff mode (and strict_diff) refuses a reply without diff blocks; empty replies fail', () => {
    const rewrite = '```python\nprint(1)\n```';
    expect(applyReply(parent, rewrite, 'openevolve', { mode: 'diff' })).toEqual({ ok: false, error: 'no SEARCH/REPLACE diff blocks in the reply' });
    expect(applyReply(parent, '   \n', 'openevolve')).toEqual({ ok: false, error: 'the reply is empty' });
    expect(applyReply(parent, 'I think the program is already optimal.', 'openevolve').ok).toBe(false);
  });

  it('full rewrite: the first ```python fence, else the first fence of any kind (tag kept, as parse_full_rewrite does)', () => {
    const reply = 'Here:\n```text\nnotes\n```\n```python\nprint(2)\n\n```\n```python\nprint(3)\n```';
    expect(applyReply(parent, reply, 'openevolve', { mode: 'rewrite', language: 'python' })).toEqual({ ok: true, format: 'rewrite', source: 'print(2)' });
    expect(parseFullRewrite('```cpp\nint main() {}\n```', 'python')).toBe('cpp\nint main() {}');
    expect(applyReply('x', '```cpp\nint main() {}\n```', 'openevolve', { mode: 'rewrite', language: 'cpp' })).toEqual({ ok: true, format: 'rewrite', source: 'int main() {}' });
    expect(applyReply('x', 'no code here', 'openevolve', { mode: 'rewrite' }).ok).toBe(false);
  });

  it('maps context kinds to modes', () => {
    expect(modeOfContextKind('diff_user')).toBe('diff');
    expect(modeOfContextKind('full_rewrite_user')).toBe('rewrite');
    expect(modeOfContextKind(null)).toBe('auto');
  });
});

describe('applyReply, ShinkaEvolve', () => {
  it('applies a diff inside the EVOLVE block, re-indenting a SEARCH written without its indentation', () => {
    const r = applyReply(parent, block('y = x * 2\nreturn y + 1', 'y = x * 5\nreturn y'), 'shinkaevolve', { mode: 'diff' });
    expect(r.ok && r.source).toBe(parent.trimEnd().replace('    y = x * 2\n    return y + 1', '    y = x * 5\n    return y'));
  });

  it('refuses an edit outside the EVOLVE block, a SEARCH found nowhere (the whole patch fails)', () => {
    const outside = applyReply(parent, block('print(f(3))', 'print(f(9))'), 'shinkaevolve');
    expect(!outside.ok && outside.error).toMatch(/outside the EVOLVE-BLOCK/);
    const missing = applyReply(parent, `${block('    y = x * 2', '    y = 1')}\n${block('no such line', 'z')}`, 'shinkaevolve');
    expect(!missing.ok && missing.error).toMatch(/SEARCH text not found/);
  });

  it('full rewrite: the fenced program with markers replaces the region, text outside the markers kept', () => {
    const reply = 'New version:\n```python\nimport os\n# EVOLVE-BLOCK-START\ndef f(x):\n    return 42\n# EVOLVE-BLOCK-END\nprint("changed outside")\n```';
    const r = applyReply(parent, reply, 'shinkaevolve', { mode: 'rewrite', language: 'python' });
    expect(r).toEqual({ ok: true, format: 'rewrite', source: parent.replace('    y = x * 2\n    return y + 1', '    return 42') });
  });

  it('full rewrite without markers: a whole file keeps the frame; a bare body goes between the markers', () => {
    const whole = '```python\nimport math\ndef f(x):\n    return 7\n\nprint(f(3))\n```';
    const r = applyReply(parent, whole, 'shinkaevolve', { mode: 'rewrite' });
    expect(r.ok && r.source).toBe(parent.replace('def f(x):\n    y = x * 2\n    return y + 1', 'def f(x):\n    return 7'));
    const body = applyReply(parent, '```python\ndef f(x):\n    return 8\n```', 'shinkaevolve', { mode: 'rewrite' });
    expect(body.ok && body.source).toBe(parent.replace('def f(x):\n    y = x * 2\n    return y + 1', 'def f(x):\n    return 8'));
    expect(applyReply('print(1)\n', '```python\nprint(2)\n```', 'shinkaevolve', { mode: 'rewrite' }).ok).toBe(false);
  });
});

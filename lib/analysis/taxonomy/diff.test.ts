import difflib from 'difflib';
import { describe, expect, it } from 'vitest';
import { diffHash, editDiff } from './diff';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

describe('editDiff', () => {
  it('is difflib.unified_diff with n=3 and the parent/child headers', () => {
    const parent = lines(30, (i) => `line ${i}`);
    const child = [...parent];
    child[4] = 'changed 4';
    child.splice(20, 2);
    child.push('tail');
    const expected = difflib.unifiedDiff(parent, child, { fromfile: 'parent', tofile: 'child', n: 3, lineterm: '' });
    const got = editDiff(parent.join('\n') + '\n', child.join('\n') + '\n');
    expect(got.text.split('\n')).toEqual(expected);
    expect(got.removed).toEqual([4, 20, 21]);
    expect(got.added).toEqual([4, 28]);
  });

  it('matches npm difflib on generated edits (inserts at the start, deletes at the end, empty sides)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 200; k++) {
      const parent = lines(Math.floor(rnd() * 25), (i) => `v${Math.floor(rnd() * 8)} ${i % 3}`);
      const child = parent.filter(() => rnd() > 0.2).flatMap((l) => (rnd() > 0.8 ? [l, `new ${Math.floor(rnd() * 5)}`] : [l]));
      if (rnd() > 0.7) child.unshift('head');
      const expected = difflib.unifiedDiff(parent, child, { fromfile: 'parent', tofile: 'child', n: 3, lineterm: '' });
      expect(editDiff(parent.join('\n'), child.join('\n')).text.split('\n').filter(Boolean)).toEqual(expected);
    }
  });

  it('is empty for the same lines and hashes stably', () => {
    expect(editDiff('a\nb\n', 'a\nb').text).toBe('');
    expect(diffHash('x')).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });
});

import { describe, expect, it } from 'vitest';
import { editDiff } from './diff';
import { diffSides } from './diffSides';

describe('diffSides', () => {
  it('gives back both sources when the diff has all their lines in its hunks', () => {
    const parent = 'import os\nx = 1\n-- not a header\ny = 2\n';
    const child = 'import os\nx = 3\ny = 2\nz = 4\n';
    // Three lines of context cover everything: the sides are the sources themselves.
    expect(diffSides(editDiff(parent, child).text)).toEqual({ parent, child });
  });

  it('keeps only the hunks of a long file, in order, and skips headers and no-newline marks', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line${i}`);
    const parent = `${lines.join('\n')}\n`;
    const changed = [...lines];
    changed[2] = 'changed2';
    changed[25] = 'changed25';
    const diff = `diff --git a/p.py b/p.py\nindex 1..2\n${editDiff(parent, `${changed.join('\n')}\n`).text}\n\\ No newline at end of file`;
    const sides = diffSides(diff);
    // Hunk 1: lines 0-5 (change at 2, three lines of context after); hunk 2: lines 22-28.
    expect(sides.parent.split('\n').filter(Boolean)).toEqual([...lines.slice(0, 6), ...lines.slice(22, 29)]);
    expect(sides.child).toContain('changed2\n');
    expect(sides.child).toContain('changed25\n');
    expect(sides.child).not.toContain('line25');
  });

  it('reads hand-written hunks without counts until the next header', () => {
    const diff = '--- a\n+++ b\n@@\n-a = 1\n+a = 2\n b = 3\n';
    expect(diffSides(diff)).toEqual({ parent: 'a = 1\nb = 3\n', child: 'a = 2\nb = 3\n' });
    expect(diffSides('')).toEqual({ parent: '', child: '' });
  });
});

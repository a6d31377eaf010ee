import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { applySourceEdits, sourceEdits } from './sourceEdits';

const lines = (rng: Rng, n: number) => Array.from({ length: n }, (_, k) => (rng.chance(0.1) ? '' : `line ${k} ${rng.int(0, 5)} é`));

describe('sourceEdits', () => {
  it('describes, hunk by hunk, how one text became another (random line edits)', () => {
    const rng = new Rng(5);
    let checked = 0;
    for (let c = 0; c < 400; c++) {
      const a = lines(rng, rng.int(2, 40));
      const b = a.slice();
      for (let e = rng.int(1, 6); e > 0 && b.length > 2; e--) {
        const at = rng.int(0, b.length - 2);
        const r = rng.next();
        if (r < 0.4) b[at] = `${b[at]} changed ${rng.int(0, 9)}`;
        else if (r < 0.7) b.splice(at, 1);
        else b.splice(at, 0, ...lines(rng, rng.int(1, 3)));
      }
      const before = a.join('\n') + (c % 2 ? '\n' : '');
      const after = b.join('\n') + (c % 2 ? '\n' : '');
      const edits = sourceEdits(before, after);
      if (edits === null) continue; // a hunk reached the last line
      checked++;
      expect(applySourceEdits(before, after, edits)).toBe(after);
      for (const e of edits) {
        // Every position is a line start: column 0, and the index right after a '\n' (or 0).
        expect([e.startPosition.column, e.oldEndPosition.column, e.newEndPosition.column]).toEqual([0, 0, 0]);
        expect(e.startIndex === 0 || before[e.startIndex - 1] === '\n').toBe(true);
        expect(before.slice(0, e.startIndex).split('\n').length - 1).toBe(e.startPosition.row);
      }
      // Last hunk first: start indices descend.
      expect(edits.map((e) => e.startIndex)).toEqual([...edits.map((e) => e.startIndex)].sort((x, y) => y - x));
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('gives no edit for equal texts, and null when the last line changes', () => {
    expect(sourceEdits('a\nb\n', 'a\nb\n')).toEqual([]);
    expect(sourceEdits('a\nb', 'a\nc')).toBeNull();
    expect(sourceEdits('a\nb', 'a\nb\nc')).toBeNull(); // appended to the last line
    // After a final '\n' the last line is the empty one: appending is an insertion before it.
    expect(sourceEdits('a\nb\n', 'a\nb\nc\n')).toMatchObject([{ startIndex: 4, oldEndIndex: 4, newEndIndex: 6 }]);
    expect(sourceEdits('a\nb\nc\n', 'a\nx\nc\n')).toEqual([
      { startIndex: 2, oldEndIndex: 4, newEndIndex: 4, startPosition: { row: 1, column: 0 }, oldEndPosition: { row: 2, column: 0 }, newEndPosition: { row: 2, column: 0 } },
    ]);
  });
});

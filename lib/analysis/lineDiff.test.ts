import difflib from 'difflib';
import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { changedLines, LineTable } from './lineDiff';

/** Seeded RNG (mulberry32) so the generated cases are the same on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same changed-line indices from the npm difflib port (on interned ids, so no line is an object key). */
function viaNpmDifflib(a: string[], b: string[]) {
  const ids = new Map<string, number>();
  const id = (s: string) => (ids.has(s) ? ids.get(s)! : (ids.set(s, ids.size), ids.size - 1));
  const removed: number[] = [];
  const added: number[] = [];
  for (const [tag, i1, i2, j1, j2] of new difflib.SequenceMatcher<number>(null, a.map(id), b.map(id)).getOpcodes()) {
    if (tag === 'equal') continue;
    for (let i = i1; i < i2; i++) removed.push(i);
    for (let j = j1; j < j2; j++) added.push(j);
  }
  return { removed, added };
}

describe('changedLines', () => {
  it('finds a replaced line, an insertion and a deletion', () => {
    // a: x y z w ; b: x Y z v w  ->  y replaced by Y, v inserted before w
    expect(changedLines(['x', 'y', 'z', 'w'], ['x', 'Y', 'z', 'v', 'w'])).toEqual({ removed: [1], added: [1, 3] });
    expect(changedLines([], ['a'])).toEqual({ removed: [], added: [0] });
    expect(changedLines(['a', 'b'], [])).toEqual({ removed: [0, 1], added: [] });
  });

  it("applies CPython's autojunk heuristic exactly at 200 lines", () => {
    // Expected values printed by CPython 3.11 difflib.SequenceMatcher(None, a, b).get_opcodes().
    const a = ['head', ...Array(5).fill('pad'), 'mid', ...Array(5).fill('pad'), 'tail'];
    const b = [...Array(100).fill('pad'), 'head', 'mid', 'tail', ...Array(97).fill('pad')];
    // 200 lines: "pad" (150 times > 200 // 100 + 1) is popular and never seeds a match.
    const r = changedLines(a, b);
    expect(r.removed).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11]);
    expect(r.added).toEqual([...Array(100).keys(), ...Array.from({ length: 97 }, (_, k) => 103 + k)]);
    // 199 lines: no autojunk, the pads match and head, mid are the removed lines.
    const r2 = changedLines(a, b.slice(0, 199));
    expect(r2.removed).toEqual([0, 6]);
    expect(r2.added).toHaveLength(188);
  });

  it('handles lines that are special object keys', () => {
    // CPython: [('insert', 0, 0, 0, 1), ('equal', 0, 1, 1, 2), ('delete', 1, 2, 2, 2), ('equal', 2, 3, 2, 3)]
    expect(changedLines(['__proto__', 'constructor', 'a'], ['constructor', '__proto__', 'a'])).toEqual({ removed: [1], added: [0] });
  });

  it('agrees with the npm difflib port on 3,000 generated cases (small and >= 200 lines)', () => {
    const rand = rng(42);
    for (let n = 0; n < 3000; n++) {
      const vocab = Array.from({ length: [2, 3, 10, 60][n % 4] }, (_, k) => `l${k}`);
      const len = [0, 3, 20, 199, 200, 260][Math.floor(rand() * 6)];
      const a = Array.from({ length: len }, () => vocab[Math.floor(rand() * vocab.length)]);
      const b = a.slice();
      for (let m = Math.floor(rand() * 10); m > 0; m--) {
        const at = Math.floor(rand() * (b.length + 1));
        if (rand() < 0.5 && b.length) b.splice(Math.min(at, b.length - 1), 1);
        else b.splice(at, 0, vocab[Math.floor(rand() * vocab.length)]);
      }
      expect(changedLines(a, b)).toEqual(viaNpmDifflib(a, b));
    }
  });
});

describe('LineTable.linesNear', () => {
  // Children made from a parent by replacing, deleting (up to 12 in a row), inserting and
  // duplicating lines: the ids must be exactly those lines() gives, however the lines shifted.
  it('gives the ids lines() gives, for children of every shape', () => {
    const rng = new Rng(3);
    const parentLines = Array.from({ length: 60 }, (_, k) => `line ${k % 23} = ${k % 7}`);
    for (let t = 0; t < 500; t++) {
      const child = parentLines.slice();
      for (let e = rng.int(0, 6); e > 0; e--) {
        const at = rng.int(0, child.length);
        const r = rng.next();
        if (r < 0.3) child.splice(at, rng.int(1, 12));
        else if (r < 0.6) child.splice(at, 0, ...Array.from({ length: rng.int(1, 4) }, () => `new ${rng.int(0, 30)}`));
        else if (r < 0.8) child[Math.min(at, child.length - 1)] = `changed ${rng.int(0, 30)}`;
        else child.splice(at, 0, parentLines[rng.int(0, parentLines.length - 1)]);
      }
      const near = new LineTable();
      const plain = new LineTable();
      const parentIds = near.lines(parentLines.join('\n'));
      plain.lines(parentLines.join('\n'));
      const code = child.join('\n') + (rng.chance(0.5) ? '\n' : '');
      expect(Array.from(near.linesNear(code, parentIds))).toEqual(Array.from(plain.lines(code)));
    }
  });
});

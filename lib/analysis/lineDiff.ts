// The line diff under every line-level measure: the matching of CPython's
// difflib.SequenceMatcher(None, a, b) (autojunk on), which is what EvoReplay's
// difflib.unified_diff(a, b, n=0) runs. The npm `difflib` package ports it faithfully but keeps
// its tables in plain objects keyed by line text (slow, and wrong for a line "__proto__"). This is
// the same algorithm on line ids and typed arrays: lines are interned once per run (LineTable),
// so each program is split and hashed once however many children it has. lineDiff.test.ts
// checks it against npm difflib on generated cases; it was also checked against CPython's
// difflib on 20,000 generated cases (autojunk included).
import { splitLines } from './pyText';

/** Indices of the lines a parent->child diff removes (in the parent) and adds (in the child). */
export interface ChangedLines {
  removed: number[];
  added: number[];
}

type Block = [number, number, number];

/** Run-wide line interning: each distinct line text gets a small integer id. */
export class LineTable {
  private readonly ids = new Map<string, number>();
  /** Line text by id. */
  readonly text: string[] = [];

  /** Ids of the lines of `code` (Python's str.splitlines()). */
  lines(code: string): Int32Array {
    return this.intern(splitLines(code));
  }

  /** Ids of the given lines. */
  intern(lines: readonly string[]): Int32Array {
    const out = new Int32Array(lines.length);
    for (let k = 0; k < lines.length; k++) out[k] = this.internOne(lines[k]);
    return out;
  }

  private internOne(line: string): number {
    let id = this.ids.get(line);
    if (id === undefined) {
      id = this.text.length;
      this.ids.set(line, id);
      this.text.push(line);
    }
    return id;
  }

  /**
   * lines(code), for a `code` that is mostly the lines `near` (its parent's ids): a line equal to
   * the parent line it lines up with takes that id after a plain string comparison, and only the
   * other lines are hashed and looked up. Interning 100k programs of 100 lines spent ~2 s hashing
   * lines the parent had already interned. The ids are those lines() gives: an id is only taken
   * from `near` when the texts are equal.
   */
  linesNear(code: string, near: Int32Array): Int32Array {
    const lines = splitLines(code);
    const out = new Int32Array(lines.length);
    const text = this.text;
    const n = near.length;
    let i = 0; // the parent line the next child line is expected to equal
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (i < n && text[near[i]] === line) {
        out[k] = near[i++];
      } else if (i + 1 < n && text[near[i + 1]] === line) {
        out[k] = near[i + 1]; // one parent line replaced or deleted
        i += 2;
      } else {
        const id = (out[k] = this.internOne(line));
        // Several parent lines deleted: pick the alignment up a little further on.
        for (let d = 2; d <= 8 && i + d < n; d++) {
          if (near[i + d] === id) {
            i += d + 1;
            break;
          }
        }
      }
    }
    return out;
  }
}

/**
 * Changed lines of `a` -> `b`: the lines in the replace/delete (removed) and replace/insert
 * (added) opcodes of Python's SequenceMatcher(None, a, b), in diff order. These are exactly the
 * '-' and '+' lines of difflib.unified_diff(a, b, n=0).
 */
export function changedLines(a: readonly string[], b: readonly string[]): ChangedLines {
  const table = new LineTable();
  return changedLineIds(table.intern(a), table.intern(b));
}

/** changedLines on interned line ids (LineTable). */
export function changedLineIds(a: Int32Array, b: Int32Array): ChangedLines {
  const removed: number[] = [];
  const added: number[] = [];
  // Identical inputs under 200 lines (no autojunk) always match as one block: skip the matcher.
  // (From 200 lines on, popular lines can make even identical inputs differ, as in CPython.)
  if (a.length === b.length && b.length < 200 && a.every((id, k) => id === b[k])) return { removed, added };
  let i = 0;
  let j = 0;
  for (const [ai, bj, size] of matchingBlocks(a, b)) {
    for (; i < ai; i++) removed.push(i);
    for (; j < bj; j++) added.push(j);
    i = ai + size;
    j = bj + size;
  }
  return { removed, added };
}

/** Scratch map from run-wide line id to the diff's local id (-1: not in b); reset after each use. */
let localOf = new Int32Array(1024).fill(-1);

/**
 * Scratch arrays of matchingBlocks, grown as needed and reused: a run's 100k diffs allocated
 * nine typed arrays each. j2len and next are all zero between calls (longest() clears what it
 * set); the others are written before they are read.
 */
const scratch = { size: 0, j2len: new Int32Array(0), next: new Int32Array(0), touched: new Int32Array(0), nextTouched: new Int32Array(0), pos: new Int32Array(0) };

function scratchFor(lb: number) {
  if (lb + 1 > scratch.size) {
    const size = Math.max(lb + 1, 2 * scratch.size, 256);
    Object.assign(scratch, {
      size,
      j2len: new Int32Array(size),
      next: new Int32Array(size),
      touched: new Int32Array(size),
      nextTouched: new Int32Array(size),
      pos: new Int32Array(size),
    });
  }
  return scratch;
}

/** SequenceMatcher.get_matching_blocks() on line ids, including the final (len(a), len(b), 0) sentinel. */
export function matchingBlocks(ga: Int32Array, gb: Int32Array): Block[] {
  const la = ga.length;
  const lb = gb.length;
  let maxId = 0;
  for (let k = 0; k < lb; k++) if (gb[k] > maxId) maxId = gb[k];
  if (maxId >= localOf.length) {
    const grown = new Int32Array(Math.max(maxId + 1, 2 * localOf.length)).fill(-1);
    localOf = grown;
  }
  // Local ids: 0 .. nb-1 for lines of b, -1 for lines only in a.
  const bi = new Int32Array(lb);
  let nb = 0;
  for (let j = 0; j < lb; j++) {
    let id = localOf[gb[j]];
    if (id < 0) localOf[gb[j]] = id = nb++;
    bi[j] = id;
  }
  const ai = new Int32Array(la);
  for (let i = 0; i < la; i++) ai[i] = ga[i] <= maxId ? localOf[ga[i]] : -1;
  for (let j = 0; j < lb; j++) localOf[gb[j]] = -1;

  // b2j (line id -> ascending positions in b) in compressed form: positions of id in
  // pos[start[id] .. start[id + 1]). Autojunk: when b has >= 200 lines, a line occurring more
  // than len(b) // 100 + 1 times is "popular" and cannot seed a match.
  const start = new Int32Array(nb + 2);
  for (let j = 0; j < lb; j++) start[bi[j] + 2]++;
  for (let id = 0; id < nb; id++) start[id + 2] += start[id + 1];
  const s = scratchFor(lb);
  const pos = s.pos;
  for (let j = 0; j < lb; j++) pos[start[bi[j] + 1]++] = j;
  const popular = new Uint8Array(nb);
  if (lb >= 200) {
    const ntest = Math.floor(lb / 100) + 1;
    for (let id = 0; id < nb; id++) if (start[id + 1] - start[id] > ntest) popular[id] = 1;
  }

  // j2len[j + 1] = length of the match ending at a[i - 1], b[j] (Python's j2len dict, as arrays);
  // `touched` lists the entries set for the current row so they can be cleared cheaply.
  let j2len = s.j2len;
  let next = s.next;
  let touched = s.touched;
  let nextTouched = s.nextTouched;

  const longest = (alo: number, ahi: number, blo: number, bhi: number): Block => {
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let nTouched = 0;
    for (let i = alo; i < ahi; i++) {
      const id = ai[i];
      let nNext = 0;
      if (id >= 0 && !popular[id]) {
        for (let p = start[id], end = start[id + 1]; p < end; p++) {
          const j = pos[p];
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = j2len[j] + 1;
          next[j + 1] = k;
          nextTouched[nNext++] = j + 1;
          if (k > bestsize) {
            besti = i - k + 1;
            bestj = j - k + 1;
            bestsize = k;
          }
        }
      }
      for (let t = 0; t < nTouched; t++) j2len[touched[t]] = 0;
      const row = j2len;
      j2len = next;
      next = row;
      const rowTouched = touched;
      touched = nextTouched;
      nextTouched = rowTouched;
      nTouched = nNext;
    }
    for (let t = 0; t < nTouched; t++) j2len[touched[t]] = 0;
    // Extend over equal lines the seed search skipped (popular ones); there is no junk.
    // (ai is -1 for lines not in b, never equal to a bi entry.)
    while (besti > alo && bestj > blo && ai[besti - 1] === bi[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && ai[besti + bestsize] === bi[bestj + bestsize]) {
      bestsize++;
    }
    return [besti, bestj, bestsize];
  };

  const found: Block[] = [];
  const queue: [number, number, number, number][] = [[0, la, 0, lb]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const x = longest(alo, ahi, blo, bhi);
    const [i, j, k] = x;
    if (k) {
      found.push(x);
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  found.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);

  const blocks: Block[] = [];
  let [i1, j1, k1] = [0, 0, 0];
  for (const [i2, j2, k2] of found) {
    if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
    else {
      if (k1) blocks.push([i1, j1, k1]);
      [i1, j1, k1] = [i2, j2, k2];
    }
  }
  if (k1) blocks.push([i1, j1, k1]);
  blocks.push([la, lb, 0]);
  return blocks;
}

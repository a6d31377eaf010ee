// The unified diff every judge sees for a parent -> child edit: Python's
// difflib.unified_diff(parent.splitlines(), child.splitlines(), 'parent', 'child', n=3,
// lineterm='') on the same SequenceMatcher as every other line measure (lineDiff.ts), so that
// EvoReplay's judge prompts and answers carry over. Its sha256 is the judgement's diff hash.
import crypto from 'node:crypto';
import { LineTable, matchingBlocks } from '../lineDiff';
import { splitLines } from '../pyText';

export type Tag = 'replace' | 'delete' | 'insert' | 'equal';
/** difflib's opcode: [tag, i1, i2, j1, j2] over parent lines [i1, i2) and child lines [j1, j2). */
export type Opcode = [Tag, number, number, number, number];

export interface EditDiff {
  /** The unified diff ('' when the sources have the same lines). */
  text: string;
  /** 0-based parent line indices removed and child line indices added (the '-' and '+' lines). */
  removed: number[];
  added: number[];
}

/** SequenceMatcher.get_opcodes() over interned lines (LineTable.intern). */
export function opcodes(a: Int32Array, b: Int32Array): Opcode[] {
  const out: Opcode[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj, size] of matchingBlocks(a, b)) {
    const tag: Tag | null = i < ai && j < bj ? 'replace' : i < ai ? 'delete' : j < bj ? 'insert' : null;
    if (tag) out.push([tag, i, ai, j, bj]);
    i = ai + size;
    j = bj + size;
    if (size) out.push(['equal', ai, i, bj, j]);
  }
  return out;
}

/** SequenceMatcher.get_grouped_opcodes(n). */
function grouped(codes: Opcode[], n: number): Opcode[][] {
  if (codes.length === 0) codes = [['equal', 0, 1, 0, 1]];
  codes = codes.map((c) => [...c] as Opcode);
  if (codes[0][0] === 'equal') {
    const [, i1, i2, j1, j2] = codes[0];
    codes[0] = ['equal', Math.max(i1, i2 - n), i2, Math.max(j1, j2 - n), j2];
  }
  const last = codes.length - 1;
  if (codes[last][0] === 'equal') {
    const [, i1, i2, j1, j2] = codes[last];
    codes[last] = ['equal', i1, Math.min(i2, i1 + n), j1, Math.min(j2, j1 + n)];
  }
  const nn = n + n;
  const groups: Opcode[][] = [];
  let group: Opcode[] = [];
  for (const [tag, i1, i2, j1, j2] of codes) {
    let [a1, b1] = [i1, j1];
    if (tag === 'equal' && i2 - i1 > nn) {
      group.push(['equal', i1, Math.min(i2, i1 + n), j1, Math.min(j2, j1 + n)]);
      groups.push(group);
      group = [];
      a1 = Math.max(i1, i2 - n);
      b1 = Math.max(j1, j2 - n);
    }
    group.push([tag, a1, i2, b1, j2]);
  }
  if (group.length && !(group.length === 1 && group[0][0] === 'equal')) groups.push(group);
  return groups;
}

/** difflib's _format_range_unified (0-based [start, stop) -> the header's "a,b"). */
export function range(start: number, stop: number): string {
  let beginning = start + 1;
  const length = stop - start;
  if (length === 1) return `${beginning}`;
  if (!length) beginning -= 1;
  return `${beginning},${length}`;
}

export function editDiff(parent: string, child: string, context = 3): EditDiff {
  const table = new LineTable();
  const aLines = splitLines(parent);
  const bLines = splitLines(child);
  const a = table.intern(aLines);
  const b = table.intern(bLines);
  const codes = opcodes(a, b);
  const removed: number[] = [];
  const added: number[] = [];
  for (const [tag, i1, i2, j1, j2] of codes) {
    if (tag === 'equal') continue;
    for (let i = i1; i < i2; i++) removed.push(i);
    for (let j = j1; j < j2; j++) added.push(j);
  }
  if (removed.length === 0 && added.length === 0) return { text: '', removed, added };
  const out = ['--- parent', '+++ child'];
  for (const group of grouped(codes, context)) {
    const first = group[0];
    const last = group[group.length - 1];
    out.push(`@@ -${range(first[1], last[2])} +${range(first[3], last[4])} @@`);
    for (const [tag, i1, i2, j1, j2] of group) {
      if (tag === 'equal') {
        for (let i = i1; i < i2; i++) out.push(` ${aLines[i]}`);
        continue;
      }
      if (tag === 'replace' || tag === 'delete') for (let i = i1; i < i2; i++) out.push(`-${aLines[i]}`);
      if (tag === 'replace' || tag === 'insert') for (let j = j1; j < j2; j++) out.push(`+${bLines[j]}`);
    }
  }
  return { text: out.join('\n'), removed, added };
}

export function diffHash(diffText: string): string {
  return crypto.createHash('sha256').update(diffText).digest('hex');
}

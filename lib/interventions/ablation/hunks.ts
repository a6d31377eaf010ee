// The hunks of a parent -> child edit, as ablation reverts them: difflib's SequenceMatcher on
// lines (the matcher under editDiff, lib/analysis/taxonomy/diff.ts) with context 0, so a hunk is
// exactly one changed region (one non-equal opcode) and two changes are two hunks however close
// they are. Lines keep their line ending and are compared with it: reverting every hunk gives the
// parent byte for byte (a missing final newline is a change of the last line, which editDiff,
// reading lines the way Python's splitlines does, would not show).
import { LineTable } from '../../analysis/lineDiff';
import { opcodes, range, type Opcode } from '../../analysis/taxonomy/diff';

export interface Hunk {
  /** 0-based, in file order. */
  index: number;
  /** difflib's unified header with context 0: "@@ -a,b +c,d @@". */
  header: string;
  /** 0-based half-open line ranges: parent [parentStart, parentEnd) became child [childStart, childEnd). */
  parentStart: number;
  parentEnd: number;
  childStart: number;
  childEnd: number;
}

/** The lines of a text, each with its ending ('\n' or '\r\n'); the last may have none. */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export interface LineEdit {
  parent: string[];
  child: string[];
  codes: Opcode[];
  hunks: Hunk[];
}

export function lineEdit(parentText: string, childText: string): LineEdit {
  const parent = linesOf(parentText);
  const child = linesOf(childText);
  const table = new LineTable();
  const codes = opcodes(table.intern(parent), table.intern(child));
  const hunks: Hunk[] = [];
  for (const [tag, i1, i2, j1, j2] of codes) {
    if (tag === 'equal') continue;
    hunks.push({ index: hunks.length, header: `@@ -${range(i1, i2)} +${range(j1, j2)} @@`, parentStart: i1, parentEnd: i2, childStart: j1, childEnd: j2 });
  }
  return { parent, child, codes, hunks };
}

/** The child with one hunk's lines put back to the parent's. */
export function revertHunk(edit: LineEdit, h: Hunk): string {
  return [...edit.child.slice(0, h.childStart), ...edit.parent.slice(h.parentStart, h.parentEnd), ...edit.child.slice(h.childEnd)].join('');
}

/** Where a parent line sits in the child: the same line if unchanged, else the start of the region that replaced it. */
export function childLineOf(edit: LineEdit, parentLine: number): number {
  for (const [tag, i1, i2, j1] of edit.codes) {
    if (parentLine >= i1 && parentLine < i2) return tag === 'equal' ? j1 + (parentLine - i1) : j1;
  }
  return edit.child.length;
}

/** 1-based inclusive [first, last] of a 0-based half-open range, null when empty. */
export function span1(start: number, end: number): [number, number] | null {
  return end > start ? [start + 1, end] : null;
}

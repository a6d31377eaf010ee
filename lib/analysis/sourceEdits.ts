// The edits that turn one source into another, as tree-sitter's Tree.edit wants them, so that a
// child program is parsed incrementally from its parent's tree (complexity.ts
// programComplexityFrom): parsing is ~80 % of measuring a source, and an LLM edit usually leaves
// most of the parent's lines as they were, whose subtrees tree-sitter then reuses.
//
// Hunks come from the run's line diff (lineDiff.ts matchingBlocks on '\n'-separated pieces).
// Every position is at the start of a line (column 0), so no column unit (bytes or UTF-16 code
// units) is ever needed; indices are string indices, as the cursor's startIndex. A change that
// touches the last line (which has no '\n' after it) gives null: the caller parses from scratch.
import { matchingBlocks } from './lineDiff';

export interface Point {
  row: number;
  column: number;
}

export interface SourceEdit {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: Point;
  oldEndPosition: Point;
  newEndPosition: Point;
}

/** Start index of each '\n'-separated piece of `text`. */
function pieceStarts(pieces: string[]): Int32Array {
  const starts = new Int32Array(pieces.length);
  for (let k = 1; k < pieces.length; k++) starts[k] = starts[k - 1] + pieces[k - 1].length + 1;
  return starts;
}

/**
 * Edits from `before` to `after`, last hunk first (each in the coordinates the earlier ones leave:
 * applying them from the end keeps every start position valid). [] when the texts are equal;
 * null when a hunk reaches the last line of either text.
 */
export function sourceEdits(before: string, after: string): SourceEdit[] | null {
  if (before === after) return [];
  const a = before.split('\n');
  const b = after.split('\n');
  const ids = new Map<string, number>();
  const intern = (lines: string[]) => {
    const out = new Int32Array(lines.length);
    lines.forEach((l, k) => {
      let id = ids.get(l);
      if (id === undefined) ids.set(l, (id = ids.size));
      out[k] = id;
    });
    return out;
  };
  const ga = intern(a);
  const gb = intern(b);
  const sa = pieceStarts(a);
  const sb = pieceStarts(b);
  const edits: SourceEdit[] = [];
  let i = 0;
  let j = 0;
  for (const [bi, bj, size] of matchingBlocks(ga, gb)) {
    if (bi > i || bj > j) {
      // Old lines [i, bi) became new lines [j, bj).
      if (bi >= a.length || bj >= b.length) return null; // the hunk reaches the last line
      const start = sa[i];
      edits.push({
        startIndex: start,
        oldEndIndex: sa[bi],
        newEndIndex: start + (sb[bj] - sb[j]),
        startPosition: { row: i, column: 0 },
        oldEndPosition: { row: bi, column: 0 },
        newEndPosition: { row: i + (bj - j), column: 0 },
      });
    }
    i = bi + size;
    j = bj + size;
  }
  return edits.reverse();
}

/** `before` with `edits` applied to its text, taking the new text from `after` (tests check sourceEdits with it). */
export function applySourceEdits(before: string, after: string, edits: readonly SourceEdit[]): string {
  let text = before;
  // Edits come last hunk first; the new text of each hunk sits at the same place in `after`
  // once the hunks before it are applied, i.e. offset by the size changes of the earlier hunks.
  const ordered = [...edits].reverse();
  let shift = 0;
  const pieces: { at: number; oldEnd: number; insert: string }[] = [];
  for (const e of ordered) {
    pieces.push({ at: e.startIndex, oldEnd: e.oldEndIndex, insert: after.slice(e.startIndex + shift, e.newEndIndex + shift) });
    shift += e.newEndIndex - e.oldEndIndex;
  }
  for (const p of pieces.reverse()) text = text.slice(0, p.at) + p.insert + text.slice(p.oldEnd);
  return text;
}

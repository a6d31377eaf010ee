// The added and removed lines of one parent->child edit, normalised, under either definition set.
//
// Differences between the sets (see also README.md):
//  - 'evoreplay' reads the changed lines back out of difflib.unified_diff's text, skipping every
//    line that starts with "---", "+++" or "@@": so a removed line whose text starts with "--"
//    and an added line starting with "++" (`--y;`, `++x;`) are silently dropped. 'default' takes
//    the changed lines from the diff's opcodes and keeps them.
//  - 'evoreplay' normalises a line by cutting it at the first "//" (even inside a string, and
//    Python's floor division) and deleting "/* ... */" within the line; "#" comments stay.
//    'default' removes comments the way the program's language writes them (lib/analysis/comments.ts).
// Both then strip surrounding whitespace (Python's str.strip) and drop the same uninformative
// lines (keepLine).
import { type CommentStyle, commentStyle, stripComments } from './comments';
import { type ChangedLines, LineTable, changedLineIds } from './lineDiff';
import { PY_WS_CLASS, pyLen, pyStrip } from './pyText';
import type { Definitions } from '../contracts/analysisTypes';

/** Only normalised lines at least this long (Python len) take part in cycle matching. */
export const MIN_CYCLE_LINE_LENGTH = 5;

/** A numeric literal, as EvoReplay matches it: [0-9]+\.?[0-9]*([eE][+-]?[0-9]+)? */
export const NUMBER_RE = /[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?/g;

/** A line's skeleton: every numeric literal replaced by "#". */
export function collapseNumbers(line: string): string {
  return line.replace(NUMBER_RE, '#');
}

const BLOCK_COMMENT_IN_LINE = /\/\*[\s\S]*?\*\//g;
const NUMERIC_NOISE = new RegExp(`[=+\\-*/()<>,;:${PY_WS_CLASS}{}.|&!~^%?\\[\\]]`, 'g');
const BARE = new Set(['{', '}', '};', '});', 'else {', 'else{', 'return;']);

/** EvoReplay's line normalisation: cut at the first "//", drop in-line "/* ... *\/", strip. */
export function normaliseEvoReplay(raw: string): string {
  const cut = raw.indexOf('//');
  let s = cut >= 0 ? raw.slice(0, cut) : raw;
  if (s.indexOf('/*') >= 0) s = s.replace(BLOCK_COMMENT_IN_LINE, '');
  return pyStrip(s);
}

/**
 * Whether a normalised line is informative enough to count: not empty, longer than 2 characters,
 * not a bare brace / `else {` / `return;`, not an `#include`, and not made only of numbers and
 * punctuation (`0.5,`, `= 3;`).
 */
export function keepLine(norm: string): boolean {
  if (norm === '' || pyLen(norm) <= 2 || BARE.has(norm) || norm.startsWith('#include')) return false;
  return norm.replace(NUMBER_RE, '').replace(NUMERIC_NOISE, '') !== '';
}

export interface LineEditOptions {
  definitions: Definitions;
  /** The child's language (for 'default' comment removal); guessed from the child's code when null. */
  language?: string | null;
}

/** Normalised added and removed lines of one edit, in diff order (duplicates kept). */
export interface LineEdit {
  removed: string[];
  added: string[];
}

/**
 * The lines one parent->child edit removes and adds: the '-' and '+' lines of Python's
 * difflib.unified_diff(parent.splitlines(), child.splitlines(), n=0), normalised (comments and
 * surrounding whitespace removed) and filtered by keepLine. No minimum length is applied here;
 * cycle matching only uses lines of at least 5 characters (MIN_CYCLE_LINE_LENGTH).
 */
export function lineEdits(parentCode: string, childCode: string, opts: LineEditOptions): LineEdit {
  const table = new LineTable();
  const style = opts.definitions === 'default' ? commentStyle(opts.language, childCode) : null;
  return lineEditsOfIds(table, table.lines(parentCode), table.lines(childCode), style);
}

/**
 * lineEdits on lines interned in `table`; `style` is the comment style for 'default', null for
 * 'evoreplay'.
 */
export function lineEditsOfIds(
  table: LineTable,
  a: Int32Array,
  b: Int32Array,
  style: CommentStyle | null,
  /** changedLineIds(a, b), when already known (SharedDiffs: the other definition set's diff). */
  known?: ChangedLines,
): LineEdit {
  const text = table.text;
  const changed = known ?? changedLineIds(a, b);
  const removed: string[] = [];
  const added: string[] = [];
  if (style === null) {
    for (const i of changed.removed) {
      const raw = text[a[i]];
      if (raw.startsWith('--')) continue; // read back as a "---" header line
      const n = normaliseEvoReplay(raw);
      if (keepLine(n)) removed.push(n);
    }
    for (const j of changed.added) {
      const raw = text[b[j]];
      if (raw.startsWith('++')) continue; // read back as a "+++" header line
      const n = normaliseEvoReplay(raw);
      if (keepLine(n)) added.push(n);
    }
    return { removed, added };
  }
  if (changed.removed.length) {
    const code = stripComments(linesOf(text, a), style);
    for (const i of changed.removed) {
      const n = pyStrip(code[i]);
      if (keepLine(n)) removed.push(n);
    }
  }
  if (changed.added.length) {
    const code = stripComments(linesOf(text, b), style);
    for (const j of changed.added) {
      const n = pyStrip(code[j]);
      if (keepLine(n)) added.push(n);
    }
  }
  return { removed, added };
}

function linesOf(text: readonly string[], ids: Int32Array): string[] {
  const out = new Array<string>(ids.length);
  for (let k = 0; k < ids.length; k++) out[k] = text[ids[k]];
  return out;
}

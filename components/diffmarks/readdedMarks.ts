// PREPARE for the diff page's re-added marks: which lines of the child (1-based, as Monaco
// numbers them) carry each stored mark, and the Monaco decorations for them. Pure.
//
// A mark names a normalised line (comments and surrounding whitespace removed, per definition
// set). It is placed on the lines the parent->child diff adds whose normalised text is that line,
// so an identical line the child kept from its parent is never marked.
import { commentStyle, stripComments } from '@/lib/analysis/comments';
import { changedLines } from '@/lib/analysis/lineDiff';
import { normaliseEvoReplay } from '@/lib/analysis/lineEdits';
import { pyStrip } from '@/lib/analysis/pyText';
import type { Definitions } from '@/lib/contracts/analysisTypes';
import type { ChildMark } from '@/lib/contracts/api/analyses';
import type { LineDecoration } from '../code/lineDecoration';

export interface LocatedMark extends ChildMark {
  /** 1-based line numbers in the child's source; empty if the line could not be found. */
  lines: number[];
}

/** Lines as Monaco numbers them (\r\n, \r or \n; a final line break opens no extra line). */
export function editorLines(code: string): string[] {
  if (code === '') return [];
  const parts = code.split(/\r\n|\r|\n/);
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Each line normalised as the definition set does before matching (lib/analysis/lineEdits.ts). */
export function normaliseLines(lines: readonly string[], code: string, language: string | null, definitions: Definitions): string[] {
  if (definitions === 'evoreplay') return lines.map(normaliseEvoReplay);
  return stripComments(lines, commentStyle(language, code)).map(pyStrip);
}

export function locateMarks(
  parentCode: string,
  childCode: string,
  language: string | null,
  definitions: Definitions,
  marks: readonly ChildMark[],
): LocatedMark[] {
  const child = editorLines(childCode);
  const { added } = changedLines(editorLines(parentCode), child);
  const norm = normaliseLines(child, childCode, language, definitions);
  const where = new Map<string, number[]>();
  for (const j of added) {
    const list = where.get(norm[j]);
    if (list) list.push(j + 1);
    else where.set(norm[j], [j + 1]);
  }
  // In line order (as the editor reads), marks that could not be placed last.
  const first = (m: LocatedMark) => m.lines[0] ?? Number.POSITIVE_INFINITY;
  return marks.map((m) => ({ ...m, lines: where.get(m.line) ?? [] })).sort((a, b) => first(a) - first(b));
}

export const markHover = (m: ChildMark) => `re-added: removed by \`${m.removedBy}\` at iteration ${m.removedIteration} (${m.class})`;

/** One decoration per marked line; a line with several marks lists them all in its hover. */
export function markDecorations(located: readonly LocatedMark[]): LineDecoration[] {
  const byLine = new Map<number, LocatedMark[]>();
  for (const m of located) for (const l of m.lines) byLine.set(l, [...(byLine.get(l) ?? []), m]);
  return [...byLine.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([line, ms]) => ({
      line,
      className: 'readded-line',
      gutterClassName: `readded-gutter readded-${ms[0].class}`,
      hover: [...new Set(ms.map(markHover))].join('\n\n'),
    }));
}

// PREPARE the evidence of a judgement for the diff page: which child lines to mark in the
// editor (added lines), which parent lines to list (removed lines; the editor marks only the
// child's side), and compact line ranges for the text. Pure.
import { EDIT_LABELS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import type { LabelEvidence } from '@/lib/contracts/taxonomyTypes';
import type { LineDecoration } from '../code/lineDecoration';

/** Evidence of the given labels (all of them when `only` is null). */
function pick(evidence: LabelEvidence, only: EditLabel | null): [EditLabel, { added: number[]; removed: number[] }][] {
  return EDIT_LABELS.filter((l) => evidence[l] && (only === null || only === l)).map((l) => [l, evidence[l]!]);
}

/** One whole-line mark per child line that drove a label; the hover names the labels. */
export function evidenceDecorations(evidence: LabelEvidence, only: EditLabel | null): LineDecoration[] {
  const byLine = new Map<number, EditLabel[]>();
  for (const [l, ev] of pick(evidence, only)) for (const n of ev.added) byLine.set(n, [...(byLine.get(n) ?? []), l]);
  return [...byLine.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([line, labels]) => ({
      line,
      className: 'evidence-line',
      gutterClassName: 'evidence-gutter',
      hover: `Evidence for ${labels.map((l) => `**${LABEL_TITLES[l]}**`).join(', ')}`,
    }));
}

/** "3, 7–9, 12" from line numbers in any order (duplicates merged). */
export function lineRanges(lines: readonly number[]): string {
  const s = [...new Set(lines)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(j > i ? `${s[i]}–${s[j]}` : String(s[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/** The first child line with evidence (where the editor should scroll), or null. */
export function firstEvidenceLine(evidence: LabelEvidence, only: EditLabel | null): number | null {
  let first: number | null = null;
  for (const [, ev] of pick(evidence, only)) for (const n of ev.added) if (first === null || n < first) first = n;
  return first;
}

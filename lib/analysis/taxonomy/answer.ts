// The rubric's answer (rubric.ts), validated with zod, and its mapping into a Judgement.
//
// Policy for labels: names are normalised (case, surrounding spaces, '-' or ' ' for '_'), so
// "Bug fix" counts as bug_fix; names still not among the nine are DROPPED (as EvoReplay keeps
// only known labels), because a retry at temperature 0 mostly repeats the same answer; an
// answer left with no known label at all is invalid (the client retries it, then the edit is
// not judged). The rationale is folded onto one line and must not be empty. The optional
// "lines" field never makes an answer invalid: lines that cannot be found in the diff are
// ignored.
import { z } from 'zod';
import { canonicalLabels, isEditLabel, type EditLabel } from '../../contracts/editLabels';
import type { Judgement, LabelEvidence, LineEvidence } from '../../contracts/taxonomyTypes';

const normaliseLabel = (s: string) => s.trim().toLowerCase().replace(/[\s-]+/g, '_');

export const rubricAnswerSchema = z.object({
  labels: z
    .array(z.string())
    .transform((ls) => canonicalLabels(ls.map(normaliseLabel)))
    .refine((ls) => ls.length > 0, 'no label among the nine'),
  rationale: z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .refine((s) => s.length > 0, 'the rationale is empty'),
  lines: z.unknown().optional(),
});
export type RubricAnswer = z.infer<typeof rubricAnswerSchema>;

/** Line numbers (1-based) of the diff's changed lines, keyed by their text (sign + trimmed content). */
function changedLines(diff: string): Map<string, { side: 'added' | 'removed'; line: number }[]> {
  const out = new Map<string, { side: 'added' | 'removed'; line: number }[]>();
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  for (const text of diff.split('\n')) {
    const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (m) {
      // difflib names a range by its first line; an empty range by the line before it.
      [oldLine, newLine, inHunk] = [Number(m[1]), Number(m[2]), true];
      continue;
    }
    if (!inHunk) continue;
    const sign = text[0];
    const key = `${sign}${text.slice(1).trim()}`;
    const push = (side: 'added' | 'removed', line: number) => {
      const list = out.get(key) ?? [];
      list.push({ side, line });
      out.set(key, list);
    };
    if (sign === '-') push('removed', oldLine++);
    else if (sign === '+') push('added', newLine++);
    else {
      oldLine++;
      newLine++;
    }
  }
  return out;
}

/** The answer's "lines" as evidence: per known label, the changed diff lines it quotes (unmatched ones ignored). */
export function evidenceFromLines(lines: unknown, diff: string, labels: readonly EditLabel[]): LabelEvidence {
  if (!lines || typeof lines !== 'object' || Array.isArray(lines)) return {};
  const index = changedLines(diff);
  const evidence: LabelEvidence = {};
  for (const [rawLabel, quoted] of Object.entries(lines)) {
    const label = normaliseLabel(rawLabel);
    if (!isEditLabel(label) || !labels.includes(label) || !Array.isArray(quoted)) continue;
    const ev: LineEvidence = { added: [], removed: [] };
    for (const q of quoted) {
      if (typeof q !== 'string') continue;
      const t = q.trimEnd();
      for (const hit of index.get(`${t[0]}${t.slice(1).trim()}`) ?? []) ev[hit.side].push(hit.line);
    }
    if (ev.added.length || ev.removed.length) {
      evidence[label] = { added: [...new Set(ev.added)].sort((a, b) => a - b), removed: [...new Set(ev.removed)].sort((a, b) => a - b) };
    }
  }
  return evidence;
}

export function judgementFromAnswer(answer: RubricAnswer, diff: string): Judgement {
  return { labels: answer.labels, rationale: answer.rationale, evidence: evidenceFromLines(answer.lines, diff, answer.labels) };
}

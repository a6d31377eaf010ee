// The LLM judge's rubric (RUBRIC_VERSION in lib/contracts/taxonomyTypes.ts; bump it on ANY change
// to the text below or to the truncation rule, since the judge cache is keyed on it): a system
// message with the nine labels and the paper's Table 9 definitions word for word, and a user
// message with the edit's unified diff (lib/analysis/taxonomy/diff.ts). The answer asked for is
// EvoReplay's shape, {"labels": [...], "rationale": "..."}, plus an optional "lines" field (per
// label, the changed diff lines that drove it) that Evoscope maps into evidence (answer.ts).
//
// Truncation rule (stated to the model, shown on /settings): the two header lines are always
// kept; then whole hunks from the start, in order, while the diff stays within
// MAX_DIFF_CHARS characters; the first hunk that would pass the limit and every hunk after it
// are left out and replaced by one line `... [k more hunks, m lines truncated]`. When even the
// first hunk is longer than the limit, it is cut after its last whole line that fits (at least
// its @@ line), and the final line counts that hunk's remaining lines too. Pure: this module
// is imported by the settings panel.
import type { ChatMessage } from '../../contracts/llmTypes';
import { EDIT_LABELS, LABEL_DEFINITIONS } from '../../contracts/editLabels';

/** Characters of the unified diff sent to the model (~6k tokens of code). */
export const MAX_DIFF_CHARS = 24_000;

export const TRUNCATION_RULE =
  `Diffs longer than ${MAX_DIFF_CHARS.toLocaleString('en-US')} characters are cut at a hunk boundary: ` +
  'whole hunks are kept from the start while they fit, and the rest is replaced by one line ' +
  '"... [k more hunks, m lines truncated]" (a single hunk longer than the limit is cut after its last whole line that fits).';

export interface TruncatedDiff {
  text: string;
  /** Hunks left out entirely. */
  hunksDropped: number;
  /** Diff lines left out (those of dropped hunks and of a cut first hunk). */
  linesDropped: number;
}

function hunksOf(lines: string[]): { header: string[]; hunks: string[][] } {
  const header: string[] = [];
  const hunks: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('@@')) hunks.push([line]);
    else if (hunks.length) hunks[hunks.length - 1].push(line);
    else header.push(line);
  }
  return { header, hunks };
}

const size = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);

export function truncateDiff(diff: string, maxChars = MAX_DIFF_CHARS): TruncatedDiff {
  if (diff.length <= maxChars) return { text: diff, hunksDropped: 0, linesDropped: 0 };
  const { header, hunks } = hunksOf(diff.split('\n'));
  const kept: string[] = [...header];
  let used = size(header);
  let i = 0;
  for (; i < hunks.length && used + size(hunks[i]) <= maxChars; i++) {
    kept.push(...hunks[i]);
    used += size(hunks[i]);
  }
  let linesDropped = 0;
  if (i === 0 && hunks.length) {
    // Not even the first hunk fits: keep its head, line by line (its @@ line at least).
    const first = hunks[0];
    let j = 0;
    while (j < first.length && (j === 0 || used + first[j].length + 1 <= maxChars)) used += first[j++].length + 1;
    kept.push(...first.slice(0, j));
    linesDropped += first.length - j;
    i = 1;
  }
  const rest = hunks.slice(i);
  linesDropped += rest.reduce((n, h) => n + h.length, 0);
  kept.push(`... [${rest.length} more hunk${rest.length === 1 ? '' : 's'}, ${linesDropped} line${linesDropped === 1 ? '' : 's'} truncated]`);
  return { text: kept.join('\n'), hunksDropped: rest.length, linesDropped };
}

const LABEL_LIST = EDIT_LABELS.map((l) => `- ${l}: ${LABEL_DEFINITIONS[l]}`).join('\n');

export const RUBRIC_SYSTEM = `You label code edits made by an evolutionary coding agent. Each edit turns a parent program into a child program; you see it as a unified diff ("-" lines are the parent's, "+" lines the child's).

Give the edit every label that applies (at least one) from exactly these nine, defined as follows:
${LABEL_LIST}

Answer with one JSON object and nothing else:
{"labels": ["<label>", ...], "rationale": "<one sentence saying why>", "lines": {"<label>": ["<changed diff line>", ...]}}
- "labels": one or more of the nine names above, spelled exactly as given.
- "rationale": a single line.
- "lines" (optional): for each label, the changed lines of the diff that drove it, copied exactly with their leading "+" or "-".

${TRUNCATION_RULE}`;

export function rubricMessages(diff: string, opts: { language?: string } = {}): ChatMessage[] {
  const { text } = truncateDiff(diff);
  const lang = opts.language ? ` The program is written in ${opts.language}.` : '';
  return [
    { role: 'system', content: RUBRIC_SYSTEM },
    { role: 'user', content: `Label this edit.${lang}\n\n\`\`\`diff\n${text}\n\`\`\`` },
  ];
}

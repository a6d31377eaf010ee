// The eval agent's diagnostic_report.md (seed 001: "Hypothesis / Experiment / Verdict /
// Direction", every claim backed by a measured number) -> the four parts and the numbers each
// states. Pure; used by the importers (reports found in an archive or streamed as JSONL).
//
// A part starts at a line naming it: a Markdown heading ("## Verdict", "### 2. Experiment:"),
// a bold label ("**Hypothesis:** text", "**Direction**") or a plain label at the start of a line
// ("Verdict: text"). Plurals are accepted ("Experiments", "Directions"). A heading part ends at
// the next part line or at a heading of the same or a higher level; a label part at the next part
// line or any heading. A part named twice is joined. A part the report does not have (or leaves
// empty) stays "" and is named in `missing`: nothing is invented.
//
// Claims: every number in a part (with its unit when one follows: %, x, ×, ms, s, KB, points...)
// with the sentence holding it. Numbers inside identifiers (p79, gen_12, O2) are not claims. An
// imported report has no tool calls, so toolCallIdx is null (shown as unverified).
import { REPORT_PARTS, type Claim, type ReportPart } from '../trace/diagnosis';

export interface ParsedReport {
  hypothesis: string;
  experiment: string;
  verdict: string;
  direction: string;
  claims: Claim[];
  missing: string[];
}

/** Most claims kept per report (a report pasting a table of numbers would otherwise flood it). */
export const MAX_CLAIMS = 200;

const PART_WORD = '(hypothes[ie]s|experiments?|verdicts?|directions?)';
// "## 1. Hypothesis: ...", "### Step 2 - Experiment"
const HEADING = new RegExp(`^(#{1,6})\\s+(?:(?:step|part)\\s*)?(?:\\d+[.)]?\\s*[-:–]?\\s*)?\\**${PART_WORD}\\b\\**\\s*[:.–-]?\\s*(.*)$`, 'i');
// "**Hypothesis:** text", "**Verdict**: text", "Direction: text", "- **Experiment:** text"
const LABEL = new RegExp(`^(?:[-*]\\s+)?(?:\\d+[.)]\\s*)?(\\*\\*|__)?${PART_WORD}\\s*(?::\\s*\\1|\\1\\s*:?|:)\\s*(.*)$`, 'i');
const ANY_HEADING = /^(#{1,6})\s/;

function partOf(word: string): ReportPart {
  const w = word.toLowerCase();
  if (w.startsWith('hypothes')) return 'hypothesis';
  if (w.startsWith('experiment')) return 'experiment';
  if (w.startsWith('verdict')) return 'verdict';
  return 'direction';
}

interface Start {
  part: ReportPart;
  /** Heading level, or 7 for a label (ended by any heading). */
  level: number;
  rest: string;
}

function startOf(line: string): Start | null {
  const h = HEADING.exec(line.trim());
  if (h) return { part: partOf(h[2]), level: h[1].length, rest: h[3].trim() };
  const l = LABEL.exec(line.trim());
  if (l) return { part: partOf(l[2]), level: 7, rest: l[3].trim() };
  return null;
}

const NUMBER =
  /(?<![\w.])[-+−]?\d(?:[\d,]*\d)?(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s?(?:%|×|x(?![A-Za-z])|ms\b|µs\b|us\b|ns\b|s\b|sec\b|seconds?\b|KB\b|MB\b|GB\b|points?\b|pts\b))?(?![\w])/g;

/** Sentences of a part: lines, then sentence ends inside a line. */
function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((l) => l.split(/(?<=[.!?])\s+(?=[A-Z(*`"'-])/))
    .map((s) => s.replace(/^[-*>\s]+/, '').trim())
    .filter(Boolean);
}

export function claimsOf(part: ReportPart, text: string): Claim[] {
  const out: Claim[] = [];
  for (const s of sentences(text)) {
    for (const m of s.matchAll(NUMBER)) {
      out.push({ part, text: s.slice(0, 2000), value: m[0].replace('−', '-').slice(0, 100), toolCallIdx: null });
    }
  }
  return out;
}

/**
 * Splits a report into its four parts. `where` names the report in `missing` ("trigger_10/
 * diagnostic_report.md"), so a reader knows which file lacked what.
 */
export function parseReportMarkdown(md: string, where = 'the report'): ParsedReport {
  const text = md.replace(/\r\n?/g, '\n');
  const parts: Record<ReportPart, string[]> = { hypothesis: [], experiment: [], verdict: [], direction: [] };
  let current: { start: Start; lines: string[] } | null = null;
  let inFence = false;
  const close = () => {
    if (current) parts[current.start.part].push(current.lines.join('\n').trim());
    current = null;
  };
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const start = inFence ? null : startOf(line);
    if (start) {
      close();
      current = { start, lines: start.rest ? [start.rest] : [] };
      continue;
    }
    const h = inFence ? null : ANY_HEADING.exec(line.trim());
    if (current && h && h[1].length <= (current as { start: Start }).start.level) close();
    if (current) (current as { lines: string[] }).lines.push(line);
  }
  close();

  const out: ParsedReport = { hypothesis: '', experiment: '', verdict: '', direction: '', claims: [], missing: [] };
  for (const p of REPORT_PARTS) {
    const body = parts[p].filter(Boolean).join('\n\n');
    out[p] = body;
    const label = p[0].toUpperCase() + p.slice(1);
    if (!parts[p].length) out.missing.push(`no ${label} section in ${where}`);
    else if (!body) out.missing.push(`empty ${label} section in ${where}`);
    else out.claims.push(...claimsOf(p, body));
  }
  if (out.claims.length > MAX_CLAIMS) out.claims = out.claims.slice(0, MAX_CLAIMS);
  return out;
}

// The agent's final answer read as the seed's report: the four parts (Hypothesis / Experiment /
// Verdict / Direction, markdown headings or "Hypothesis:" lines), the optional
// auxiliary_metrics.py (checked for the contract evaluate_aux(results_dir, primary_result) and the
// path rule) and the optional agent candidate; then each number of the four parts linked to the
// tool call whose result shows it (claims). A number is matched as a whole number token of a
// result ("12" never matches inside "123"), or as a rounding of one at the precision written
// ("0.9188" matches a printed 0.918812); the latest call showing it wins (the freshest
// measurement). Numbers no tool printed stay unlinked (toolCallIdx null, shown as unverified). Pure.
import { AUX_FENCE, CANDIDATE_FENCE } from './prompt';
import { REPORT_PARTS, type Claim, type ReportPart } from '../trace/diagnosis';

export interface ParsedReport {
  parts: Record<ReportPart, string>;
  auxScript: string | null;
  candidate: string | null;
  /** What is missing or was refused, in words. */
  missing: string[];
}

const FENCE = /```([^\n`]*)\n([\s\S]*?)```/g;

const HEADING = new RegExp(`^\\s{0,3}(?:#{1,6}\\s*|\\*\\*)?\\s*(?:\\d+[.)]\\s*)?(${REPORT_PARTS.join('|')})\\b\\s*(?:\\*\\*)?\\s*:?\\s*(?:\\*\\*)?\\s*`, 'i');

export function parseReport(text: string, expected: { auxMetrics?: boolean; agentCandidate?: boolean } = {}): ParsedReport {
  const missing: string[] = [];
  let auxScript: string | null = null;
  let candidate: string | null = null;
  // Fenced blocks first, out of the prose: the script and candidate are not report text.
  const prose = text.replace(FENCE, (whole, info: string, body: string) => {
    const tag = info.trim().toLowerCase();
    if (tag.includes(AUX_FENCE)) {
      auxScript ??= body;
      return '';
    }
    if (tag.includes(CANDIDATE_FENCE)) {
      candidate ??= body;
      return '';
    }
    return whole;
  });
  const parts = Object.fromEntries(REPORT_PARTS.map((p) => [p, ''])) as Record<ReportPart, string>;
  let current: ReportPart | null = null;
  const buf: Record<ReportPart, string[]> = { hypothesis: [], experiment: [], verdict: [], direction: [] };
  let inFence = false;
  for (const line of prose.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADING.exec(line);
    if (m) {
      current = m[1].toLowerCase() as ReportPart;
      const rest = line.slice(m[0].length).trim();
      if (rest) buf[current].push(rest);
      continue;
    }
    if (current) buf[current].push(line);
  }
  for (const p of REPORT_PARTS) {
    parts[p] = buf[p].join('\n').trim();
    if (!parts[p]) missing.push(`the report has no ${p[0].toUpperCase()}${p.slice(1)} part`);
  }
  if (auxScript !== null) {
    const problem = auxScriptProblem(auxScript);
    if (problem) {
      missing.push(`${AUX_FENCE} refused: ${problem}`);
      auxScript = null;
    }
  } else if (expected.auxMetrics) missing.push(`the agent wrote no ${AUX_FENCE}`);
  if (candidate !== null && !String(candidate).trim()) candidate = null;
  if (candidate === null && expected.agentCandidate) missing.push('the agent wrote no agent candidate');
  return { parts, auxScript, candidate, missing };
}

/**
 * The seed's contract and path rule: evaluate_aux(results_dir, primary_result...) must exist, and
 * results_dir is the directory holding the source itself, so a script that looks for the code
 * under a results/ subdirectory of it would fail silently on every program.
 */
export function auxScriptProblem(script: string): string | null {
  if (!/^\s*def\s+evaluate_aux\s*\(\s*results_dir\s*,\s*primary_result\b/m.test(script)) {
    return 'it defines no evaluate_aux(results_dir, primary_result) function';
  }
  if (/join\(\s*results_dir\s*,\s*["']results["']/.test(script)) {
    return "it looks for the code under results_dir/results/: results_dir is the directory holding the program file itself (the seed's path rule)";
  }
  return null;
}

// A number not glued to a word ("p79", "gen_12", "x2" are names, not measurements).
const NUMBER = /(?<![\w.])[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?(?![\w])/g;

function numbersIn(text: string): string[] {
  return [...text.matchAll(NUMBER)].map((m) => m[0]);
}

/** Whether `written` (as the report writes it) is shown by `printed` (a number token of a result). */
function sameNumber(written: string, printed: string): boolean {
  if (written.replace(/^\+/, '') === printed.replace(/^\+/, '')) return true;
  const w = Number(written);
  const p = Number(printed);
  if (!Number.isFinite(w) || !Number.isFinite(p)) return false;
  if (w === p) return true;
  const decimals = /\.(\d+)/.exec(written)?.[1].length ?? 0;
  if (/[eE]/.test(written) || !decimals) return false;
  return Math.abs(p - w) <= 0.5 * 10 ** -decimals + 1e-12;
}

export interface ToolResultText {
  idx: number;
  text: string;
}

const MAX_CLAIMS = 300;

/** The claims of the four parts: each number with its sentence and the tool call that printed it. */
export function linkClaims(parts: Record<ReportPart, string>, results: readonly ToolResultText[]): Claim[] {
  const tokens = results.map((r) => ({ idx: r.idx, numbers: new Set(numbersIn(r.text)) }));
  const claims: Claim[] = [];
  for (const part of REPORT_PARTS) {
    // Sentences: split after . ! ? followed by space, or at line ends (list items).
    // A list ordinal ("1. Run ...") is not a measurement: dropped from each line first.
    const text = parts[part].split('\n').map((l) => l.replace(/^\s*(?:[-*]\s*)?\d+[.)]\s+/, '')).join('\n');
    const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z(`*-])|\n+/).map((s) => s.trim()).filter(Boolean);
    for (const sentence of sentences) {
      for (const value of numbersIn(sentence)) {
        if (claims.length >= MAX_CLAIMS) return claims;
        let toolCallIdx: number | null = null;
        for (let i = tokens.length - 1; i >= 0 && toolCallIdx === null; i--) {
          for (const n of tokens[i].numbers) {
            if (sameNumber(value, n)) {
              toolCallIdx = tokens[i].idx;
              break;
            }
          }
        }
        claims.push({ part, text: sentence.slice(0, 2000), value: value.slice(0, 100), toolCallIdx });
      }
    }
  }
  return claims;
}

/** The report as markdown (diagnoses.report_md): the four parts, with [#call-N] after linked numbers' sentences. */
export function reportMarkdown(parts: Record<ReportPart, string>, claims: readonly Claim[]): string {
  return REPORT_PARTS.map((p) => {
    const calls = [...new Set(claims.filter((c) => c.part === p && c.toolCallIdx !== null).map((c) => c.toolCallIdx))];
    const refs = calls.length ? `\n\nMeasured by: ${calls.map((i) => `[call ${i}](#call-${i})`).join(', ')}` : '';
    return `## ${p[0].toUpperCase()}${p.slice(1)}\n${parts[p] || '(not given)'}${refs}`;
  }).join('\n\n');
}

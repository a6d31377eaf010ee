// PREPARE what the diagnoses pages show of a diagnosis besides its text (issue 13): the table
// row (verdict's first line, tool calls, tokens, aux metrics, the agent candidate's result) and
// the exports (the report as Markdown with its measured numbers listed, the diagnosis as JSON).
// Pure.
import { REPORT_PARTS, type DiagnosisView, type ReportPart } from '@/lib/trace/diagnosis';

export const PART_TITLES: Record<ReportPart, string> = { hypothesis: 'Hypothesis', experiment: 'Experiment', verdict: 'Verdict', direction: 'Direction' };

/** The first non-empty line of a text, Markdown heading marks and emphasis stripped. */
export function firstLine(text: string): string {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.replace(/^#+\s*/, '').replace(/^[-*>]\s+/, '').replace(/\*\*|__/g, '');
}

export interface DiagnosisRow {
  id: string;
  generation: number;
  origin: 'imported' | 'evoscope';
  program: string | null;
  programId: string | null;
  verdict: string;
  toolCalls: number | null;
  tokens: number | null;
  auxMetrics: string;
  candidate: string;
  /** The candidate beat the plateau's best. */
  candidateGain: 'better' | 'worse' | 'none';
}

const signed = (v: number) => `${v >= 0 ? '+' : ''}${Number(v.toPrecision(4))}`;

export function diagnosisRow(d: DiagnosisView): DiagnosisRow {
  const c = d.report.agentCandidate;
  let candidate = d.agentCandidateSha || d.agentCandidateProgramId ? 'written, not evaluated' : '—';
  let candidateGain: DiagnosisRow['candidateGain'] = 'none';
  if (c) {
    candidate = c.score === null ? c.status : `${Number(c.score.toPrecision(6))}${c.gain !== null ? ` (${signed(c.gain)} vs best)` : ''}`;
    candidateGain = c.gain === null ? 'none' : c.gain > 0 ? 'better' : 'worse';
  }
  return {
    id: d.id, generation: d.triggerGeneration, origin: d.origin, program: d.programExternalId, programId: d.programId,
    verdict: firstLine(d.report.verdict) || '(no verdict)',
    toolCalls: d.report.bounds?.toolCalls ?? null, tokens: d.report.bounds?.tokens ?? null,
    auxMetrics: d.report.auxMetricNames.length ? d.report.auxMetricNames.join(', ') : '—',
    candidate, candidateGain,
  };
}

/** The report as Markdown: the stored text (or the four parts), then each measured number and the call that measured it. */
export function reportMarkdown(d: DiagnosisView): string {
  const body = d.reportMd.trim() || REPORT_PARTS.map((p) => `## ${PART_TITLES[p]}\n${d.report[p].trim()}`).join('\n\n');
  const lines = [`# Diagnosis at generation ${d.triggerGeneration}${d.programExternalId ? ` (program ${d.programExternalId})` : ''}`, '', body];
  if (d.report.claims.length) {
    lines.push('', '## Measured numbers', '');
    for (const c of d.report.claims) {
      lines.push(`- ${PART_TITLES[c.part]}: ${c.value} — ${c.toolCallIdx === null ? 'unverified (found in no tool result)' : `tool call ${c.toolCallIdx}`}`);
    }
  }
  if (d.report.missing.length) lines.push('', '## Missing', '', ...d.report.missing.map((m) => `- ${m}`));
  return `${lines.join('\n')}\n`;
}

import { describe, expect, it } from 'vitest';
import { diagnosisReportSchema, type DiagnosisView } from '@/lib/trace/diagnosis';
import { diagnosisRow, firstLine, reportMarkdown } from './reportModel';
import { transcriptEntries, transcriptTotals } from './transcriptModel';

const view = (over: Partial<DiagnosisView> = {}, report: Record<string, unknown> = {}): DiagnosisView => ({
  id: 'd1', runId: 'r1', origin: 'evoscope', experimentId: 'x1', triggerGeneration: 12, programId: 'p1', programExternalId: 'prog-7',
  reportMd: '', auxScriptSha: null, agentCandidateSha: null, agentCandidateProgramId: null, createdAt: '2026-11-25T00:00:00.000Z',
  report: diagnosisReportSchema.parse({ hypothesis: 'H 3', experiment: 'E', verdict: '\n**Greedy** placement limits it.\nMore.', direction: 'D', ...report }),
  ...over,
});

describe('diagnosis table row', () => {
  it('shows the verdict’s first line, bounds, aux metrics and the candidate against the best', () => {
    const row = diagnosisRow(view({}, {
      auxMetricNames: ['a', 'b'], bounds: { toolCalls: 4, maxToolCalls: 12, tokens: 900, maxTokens: 60000, stoppedBy: null },
      agentCandidate: { status: 'ok', score: 2.64, bestScore: 2.6351, gain: 0.0049, programId: null },
    }));
    expect(row).toMatchObject({ generation: 12, verdict: 'Greedy placement limits it.', toolCalls: 4, tokens: 900, auxMetrics: 'a, b', candidate: '2.64 (+0.0049 vs best)', candidateGain: 'better' });
    const bare = diagnosisRow(view({ origin: 'imported', agentCandidateSha: 'f'.repeat(64) }, { verdict: '' }));
    expect(bare).toMatchObject({ verdict: '(no verdict)', toolCalls: null, auxMetrics: '—', candidate: 'written, not evaluated', candidateGain: 'none' });
    expect(firstLine('## Verdict\nx')).toBe('Verdict');
  });
});

describe('report export', () => {
  it('writes the four parts when no Markdown was stored, and lists the measured numbers with their calls', () => {
    const md = reportMarkdown(view({}, { claims: [{ part: 'hypothesis', text: 'H 3', value: '3', toolCallIdx: 2 }, { part: 'verdict', text: 'x', value: '9', toolCallIdx: null }], missing: ['no script'] }));
    expect(md).toContain('## Hypothesis\nH 3');
    expect(md).toContain('## Direction\nD');
    expect(md).toContain('- Hypothesis: 3 — tool call 2');
    expect(md).toContain('- Verdict: 9 — unverified');
    expect(md).toContain('- no script');
    expect(reportMarkdown(view({ reportMd: '## Hypothesis\nstored' }))).toContain('stored');
  });
});

describe('transcript', () => {
  it('turns calls into tool calls and LLM exchanges with their usage, and totals them', () => {
    const entries = transcriptEntries([
      { idx: 0, phase: 'llm', input: {}, status: 'ok', llm: { model: 'm', usage: { promptTokens: 100, completionTokens: 20 } }, requestSha: 'a', responseSha: 'b' },
      { idx: 1, phase: 'tool:run_program', input: { stdin: '1' }, status: 'ok', output: 'out', sandboxStatus: 'ok', wallMs: 12 },
      { idx: 2, phase: 'llm', input: {}, status: 'ok', llm: { usage: { prompt_tokens: 5, completion_tokens: 1 } } },
    ]);
    expect(entries[0]).toMatchObject({ kind: 'llm', model: 'm', promptTokens: 100, completionTokens: 20, requestSha: 'a' });
    expect(entries[1]).toMatchObject({ kind: 'tool', tool: 'run_program', result: 'out', wallMs: 12, sandboxStatus: 'ok' });
    expect(entries[1].kind === 'tool' && JSON.parse(entries[1].args)).toEqual({ stdin: '1' });
    expect(entries[2]).toMatchObject({ kind: 'llm', promptTokens: 5, completionTokens: 1, model: null });
    expect(transcriptTotals(entries)).toEqual({ toolCalls: 1, tokens: 126 });
  });
});

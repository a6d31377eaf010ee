// PREPARE the tool-call transcript of a diagnosis (issue 13) from the 'diagnose' experiment's
// calls: phase 'tool:<name>' is a tool call (arguments = input, result = output as the agent read
// it, sandbox status and wall time), phase 'llm' an exchange (usage; request and reply are blobs
// fetched when opened). Usage is read in the shapes the code base stores it ({model, usage:
// {promptTokens, completionTokens}}) and OpenAI's (prompt_tokens). Pure.

export interface CallLike {
  idx: number;
  phase: string;
  input: Record<string, unknown> | null;
  status: string;
  output?: string | null;
  errors?: string | null;
  sandboxStatus?: string | null;
  wallMs?: number | null;
  llm?: Record<string, unknown> | null;
  requestSha?: string | null;
  responseSha?: string | null;
}

export type TranscriptEntry =
  | { kind: 'tool'; idx: number; tool: string; args: string; result: string | null; errors: string | null; status: string; sandboxStatus: string | null; wallMs: number | null }
  | { kind: 'llm'; idx: number; model: string | null; promptTokens: number | null; completionTokens: number | null; status: string; requestSha: string | null; responseSha: string | null };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function usageOf(llm: Record<string, unknown> | null | undefined): { prompt: number | null; completion: number | null } {
  const u = { ...rec(llm), ...rec(rec(llm).usage) };
  return { prompt: num(u.promptTokens ?? u.prompt_tokens), completion: num(u.completionTokens ?? u.completion_tokens) };
}

export function transcriptEntries(calls: readonly CallLike[]): TranscriptEntry[] {
  return calls.map((c) => {
    if (c.phase.startsWith('tool:')) {
      return {
        kind: 'tool', idx: c.idx, tool: c.phase.slice(5), args: JSON.stringify(c.input ?? {}, null, 2), result: c.output ?? null,
        errors: c.errors ?? null, status: c.status, sandboxStatus: c.sandboxStatus ?? null, wallMs: c.wallMs ?? null,
      };
    }
    const u = usageOf(c.llm);
    const model = rec(c.llm).model;
    return {
      kind: 'llm', idx: c.idx, model: typeof model === 'string' ? model : null, promptTokens: u.prompt, completionTokens: u.completion,
      status: c.status, requestSha: c.requestSha ?? null, responseSha: c.responseSha ?? null,
    };
  });
}

/** Tool calls made and tokens spent, from the calls (the report's bounds, when given, say the same from the job's side). */
export function transcriptTotals(entries: readonly TranscriptEntry[]): { toolCalls: number; tokens: number } {
  let toolCalls = 0;
  let tokens = 0;
  for (const e of entries) {
    if (e.kind === 'tool') toolCalls++;
    else tokens += (e.promptTokens ?? 0) + (e.completionTokens ?? 0);
  }
  return { toolCalls, tokens };
}

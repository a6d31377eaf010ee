// ProgramRecord.origin from what an importer already holds: the LLM calls (contexts) that made
// the program and the source's operator word. For formats that record the model, tokens and
// cost per call (LLaMEA's conversation log, EvoTrace prompt blobs, Evoscope JSONL prompts) but
// have no per-program origin field. Tokens and costs are summed over the calls; the model is
// the first one named. Null when neither an operator nor any call detail is known.
import type { ContextRecord, ProgramOrigin } from '../trace/schema';

const sum = (xs: (number | null | undefined)[]) => {
  const known = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
};

export function originFromContexts(contexts: readonly ContextRecord[] | null | undefined, operator: string | null | undefined): ProgramOrigin | null {
  const cs = contexts ?? [];
  const origin: ProgramOrigin = {
    model: cs.find((c) => c.model)?.model ?? null,
    operator: operator || null,
    promptTokens: sum(cs.map((c) => c.promptTokens)),
    completionTokens: sum(cs.map((c) => c.completionTokens)),
    cost: sum(cs.map((c) => c.cost)),
  };
  return Object.values(origin).some((v) => v != null) ? origin : null;
}

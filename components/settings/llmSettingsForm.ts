// The LLM settings form's model (prepare-then-draw): the view from GET /api/settings/llm as
// form strings, and the form back into a PUT / test body. Numbers that do not parse are sent
// as typed, so the route's zod message names the field; empty caps mean "no cap"; fields the
// environment sets are left out (the server keeps its own); an empty key field keeps the
// stored key unless "forget" is ticked.
import type { LlmSettingsInput, LlmSettingsView } from '@/lib/contracts/api/llmSettings';

export interface LlmForm {
  baseUrl: string;
  model: string;
  apiKey: string;
  forgetKey: boolean;
  timeoutSeconds: string;
  maxRetries: string;
  concurrency: string;
  maxEdits: string;
  maxTokens: string;
  maxCostUsd: string;
  inputPerMTok: string;
  outputPerMTok: string;
}

const str = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n));

export function formFromView(v: LlmSettingsView): LlmForm {
  return {
    baseUrl: v.baseUrl ?? '',
    model: v.model ?? '',
    apiKey: '',
    forgetKey: false,
    timeoutSeconds: str(v.timeoutMs / 1000),
    maxRetries: str(v.maxRetries),
    concurrency: str(v.concurrency),
    maxEdits: str(v.budget.maxEdits),
    maxTokens: str(v.budget.maxTokens),
    maxCostUsd: str(v.budget.maxCostUsd),
    inputPerMTok: str(v.pricing.inputPerMTok),
    outputPerMTok: str(v.pricing.outputPerMTok),
  };
}

const num = (s: string): number | string => (s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s);
const cap = (s: string) => (s.trim() === '' ? undefined : num(s));

/** The PUT body (also the connection test's). Typed loosely on purpose: the server validates. */
export function inputFromForm(f: LlmForm, fromEnv: LlmSettingsView['fromEnv']): Record<keyof LlmSettingsInput, unknown> {
  const t = num(f.timeoutSeconds);
  return {
    baseUrl: fromEnv.baseUrl ? undefined : f.baseUrl.trim() || null,
    model: fromEnv.model ? undefined : f.model.trim() || null,
    apiKey: fromEnv.apiKey ? undefined : f.forgetKey ? null : f.apiKey === '' ? undefined : f.apiKey,
    timeoutMs: typeof t === 'number' ? Math.round(t * 1000) : t,
    maxRetries: num(f.maxRetries),
    concurrency: num(f.concurrency),
    budget: { maxEdits: cap(f.maxEdits), maxTokens: cap(f.maxTokens), maxCostUsd: cap(f.maxCostUsd) },
    pricing: { inputPerMTok: num(f.inputPerMTok), outputPerMTok: num(f.outputPerMTok) },
  };
}

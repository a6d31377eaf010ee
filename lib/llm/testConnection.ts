// The "Test connection" of the LLM settings: one tiny request in the judge's own mode
// (temperature 0, json_object, no max_tokens), no retry, so the answer or the error is the
// endpoint's own and a pass means the judge's requests are accepted too.
import { z } from 'zod';
import type { LlmTestResult } from '../api/llmSettings';
import { chatJson } from './client';
import type { LlmSettings } from './types';

const MESSAGES = [
  { role: 'system' as const, content: 'This is a connection check. Answer with one JSON object and nothing else.' },
  { role: 'user' as const, content: 'Reply with {"ok": true}.' },
];

export async function testLlmConnection(settings: LlmSettings, signal?: AbortSignal): Promise<LlmTestResult> {
  const t0 = Date.now();
  const r = await chatJson(settings, { messages: MESSAGES, schema: z.record(z.string(), z.unknown()), maxRetries: 0, signal });
  const latencyMs = Date.now() - t0;
  if (!r.ok) return { ok: false, error: r.reason, latencyMs };
  const answer = r.content.length > 300 ? `${r.content.slice(0, 300)}...` : r.content;
  return { ok: true, model: r.model, answer, latencyMs, promptTokens: r.usage.promptTokens, completionTokens: r.usage.completionTokens };
}

// The "Test connection" of the LLM settings: one tiny request in the judge's own mode
// (temperature 0, json_object, no max_tokens), no retry, so the answer or the error is the
// endpoint's own and a pass means the judge's requests are accepted too. A failure is told by
// its HTTP status and a reason Evoscope writes, never by the body that answered: the URL is the
// form's, so whatever answered may be any service on this machine (issue 28).
import { z } from 'zod';
import type { LlmTestResult } from '../contracts/api/llmSettings';
import { chatJson } from './client';
import type { LlmFailureKind } from './client';
import type { LlmSettings } from '../contracts/llmTypes';

const REASONS: Record<LlmFailureKind, string> = {
  'rate-limit': 'rate limited: the endpoint asks to wait (try again later)',
  server: 'the endpoint failed or is unavailable',
  timeout: 'no answer within the timeout',
  network: 'could not connect to the base URL (is the server running, and is the URL right?)',
  'invalid-json': 'the model answered, but not JSON',
  'invalid-answer': "the reply is not an OpenAI-compatible chat completion (is the base URL the API root, e.g. http://host:port/v1?)",
  refused: 'the endpoint refused the request (check the API key, the model name and the base URL)',
};

/** The failure as Evoscope says it: status and reason, nothing of the remote body. */
export function testFailureMessage(kind: LlmFailureKind, status: number | undefined): string {
  if (status === 401 || status === 403) return `HTTP ${status}: the endpoint refused the credentials (check the API key)`;
  if (status === 404) return `HTTP 404: no such endpoint or model (check the base URL and the model name)`;
  return status !== undefined ? `HTTP ${status}: ${REASONS[kind]}` : REASONS[kind];
}

const MESSAGES = [
  { role: 'system' as const, content: 'This is a connection check. Answer with one JSON object and nothing else.' },
  { role: 'user' as const, content: 'Reply with {"ok": true}.' },
];

export async function testLlmConnection(settings: LlmSettings, signal?: AbortSignal): Promise<LlmTestResult> {
  const t0 = Date.now();
  const r = await chatJson(settings, { messages: MESSAGES, schema: z.record(z.string(), z.unknown()), maxRetries: 0, signal });
  const latencyMs = Date.now() - t0;
  if (!r.ok) return { ok: false, error: testFailureMessage(r.kind, r.status), latencyMs };
  const answer = r.content.length > 300 ? `${r.content.slice(0, 300)}...` : r.content;
  return { ok: true, model: r.model, answer, latencyMs, promptTokens: r.usage.promptTokens, completionTokens: r.usage.completionTokens };
}

// A thin wrapper over the `openai` package for any OpenAI-compatible endpoint: one chat
// completion at temperature 0 with response_format json_object, the answer parsed as JSON and
// validated by the caller's zod schema. The retry count is ours (the package's own retries are
// off, maxRetries: 0): up to settings.maxRetries retries after the first attempt on 408/409/429
// (Retry-After / retry-after-ms honoured, capped at MAX_RETRY_AFTER_MS), 5xx, timeouts,
// network errors, and answers that are not JSON or fail the schema; other 4xx answers (a bad
// key, an unknown model) fail at once. Between attempts: exponential backoff with jitter
// (base * 2^k, capped, times a random factor in [0.5, 1]). Tokens of every attempt that got an
// answer are counted, including answers that were then refused. A cancelled signal rejects with
// an AbortError (name 'AbortError') at once, also while waiting to retry. The API key is never
// logged and is cut out of every failure reason (some servers echo it).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { z } from 'zod';
import type { LlmSettings, LlmUsage } from '../contracts/llmTypes';

import type { ChatMessage, ToolSpec, ToolCallRequest, ToolChatMessage } from '../contracts/llmTypes';

export type LlmFailureKind = 'rate-limit' | 'server' | 'timeout' | 'network' | 'invalid-json' | 'invalid-answer' | 'refused';

export type ChatJsonResult<T> =
  | { ok: true; value: T; content: string; model: string; attempts: number; usage: LlmUsage }
  | { ok: false; kind: LlmFailureKind; reason: string; attempts: number; usage: LlmUsage; status?: number };

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** Defaults; EVOSCOPE_LLM_RETRY_BASE_MS shortens the base (tests, and workers started by them). */
export function defaultBackoff(): Backoff {
  const base = Number(process.env.EVOSCOPE_LLM_RETRY_BASE_MS);
  return { baseMs: Number.isFinite(base) && base >= 0 ? base : 1000, maxMs: 30_000 };
}

/** A server asking for a longer pause than this is waited for this long only. */
export const MAX_RETRY_AFTER_MS = 120_000;

export class LlmAbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('the request was cancelled');
  }
}

export interface ChatJsonOptions<T> {
  messages: ChatMessage[];
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  maxTokens?: number;
  backoff?: Backoff;
  /** Override settings.maxRetries (the connection test sends exactly one request). */
  maxRetries?: number;
}

export const costUsd = (s: LlmSettings, promptTokens: number, completionTokens: number) =>
  (promptTokens * s.pricing.inputPerMTok + completionTokens * s.pricing.outputPerMTok) / 1e6;

export function openaiClient(s: LlmSettings): OpenAI {
  return new OpenAI({
    baseURL: s.baseUrl,
    // The package insists on a credential; a keyless local server (Ollama, vLLM) gets none:
    // the placeholder's Authorization header is removed again below.
    apiKey: s.apiKey ?? 'none',
    defaultHeaders: s.apiKey ? undefined : { Authorization: null },
    // Explicit, so nothing is read from OPENAI_* variables meant for other tools.
    organization: null,
    project: null,
    adminAPIKey: null,
    maxRetries: 0,
    timeout: s.timeoutMs,
    logLevel: 'off',
  });
}

type Attempt<T> = { ok: true; value: T; content: string; model: string } | { ok: false; kind: LlmFailureKind; reason: string; retryAfterMs?: number; status?: number };

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const v = headers?.get('retry-after');
  if (!v) return undefined;
  const secs = Number(v);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function classify(e: unknown): Exclude<Attempt<never>, { ok: true }> {
  if (e instanceof APIConnectionTimeoutError) return { ok: false, kind: 'timeout', reason: 'no answer within the timeout' };
  if (e instanceof APIConnectionError) return { ok: false, kind: 'network', reason: `network error: ${e.cause instanceof Error ? e.cause.message : e.message}` };
  if (e instanceof APIError && typeof e.status === 'number') {
    const reason = `HTTP ${e.status}: ${e.message}`;
    const status = e.status;
    if (e.status === 429) return { ok: false, kind: 'rate-limit', reason, status, retryAfterMs: retryAfterMs(e.headers) };
    if (e.status === 408 || e.status === 409) return { ok: false, kind: 'server', reason, status, retryAfterMs: retryAfterMs(e.headers) };
    if (e.status >= 500) return { ok: false, kind: 'server', reason, status, retryAfterMs: retryAfterMs(e.headers) };
    return { ok: false, kind: 'refused', reason, status };
  }
  if (e instanceof SyntaxError) return { ok: false, kind: 'invalid-answer', reason: `${NOT_A_COMPLETION}: ${e.message}` };
  return { ok: false, kind: 'network', reason: `request failed: ${e instanceof Error ? e.message : String(e)}` };
}

const NOT_A_COMPLETION = "the server's reply is not a chat completion (is the base URL the API root, e.g. http://host:port/v1?)";

const RETRYABLE: ReadonlySet<LlmFailureKind> = new Set(['rate-limit', 'server', 'timeout', 'network', 'invalid-json', 'invalid-answer']);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmAbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmAbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}...` : s);

/** The assistant message of a completion as the core hands it to a reader. */
interface AnswerMessage {
  content: string | null;
  toolCalls: ToolCallRequest[];
}

/** What one attempt's answer becomes: the caller's value, or a failure to retry or report. */
type ReadAnswer<T> = (answer: AnswerMessage) => { ok: true; value: T } | { ok: false; kind: LlmFailureKind; reason: string };

/** Readers of plain answers: the message must carry text. */
const textOnly =
  <T>(read: (content: string) => ReturnType<ReadAnswer<T>>): ReadAnswer<T> =>
  (m) =>
    typeof m.content === 'string' ? read(m.content) : { ok: false, kind: 'invalid-answer', reason: NOT_A_COMPLETION };

interface CoreOptions {
  messages: ChatMessage[];
  model: string;
  /** Omitted from the request when undefined (the server's default). */
  temperature?: number;
  jsonObject: boolean;
  signal?: AbortSignal;
  maxTokens?: number;
  backoff?: Backoff;
  maxRetries?: number;
  /** Function-calling tools offered to the model (chatTools). */
  tools?: ToolSpec[];
}

/** One chat completion with retries (see the header); `read` decides whether an answer is usable. */
async function chatCompletion<T>(settings: LlmSettings, opts: CoreOptions, read: ReadAnswer<T>): Promise<ChatJsonResult<T>> {
  const client = openaiClient(settings);
  const backoff = opts.backoff ?? defaultBackoff();
  const maxAttempts = 1 + (opts.maxRetries ?? settings.maxRetries);
  const redact = (s: string) => (settings.apiKey ? s.split(settings.apiKey).join('[api key]') : s);
  let promptTokens = 0;
  let completionTokens = 0;
  const usage = (): LlmUsage => ({ promptTokens, completionTokens, costUsd: costUsd(settings, promptTokens, completionTokens) });

  const attempt = async (): Promise<Attempt<T>> => {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        {
          model: opts.model,
          messages: opts.messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
          ...(opts.tools?.length ? { tools: opts.tools.map((t) => ({ type: 'function' as const, function: t })) } : {}),
          ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
          ...(opts.jsonObject ? { response_format: { type: 'json_object' as const } } : {}),
          ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
        },
        { signal: opts.signal, timeout: settings.timeoutMs, maxRetries: 0 },
      );
    } catch (e) {
      if (e instanceof APIUserAbortError || opts.signal?.aborted) throw new LlmAbortedError();
      return classify(e);
    }
    promptTokens += completion?.usage?.prompt_tokens ?? 0;
    completionTokens += completion?.usage?.completion_tokens ?? 0;
    const message = completion?.choices?.[0]?.message;
    if (!message || typeof message !== 'object') return { ok: false, kind: 'invalid-answer', reason: NOT_A_COMPLETION };
    const content = typeof message.content === 'string' ? message.content : null;
    const toolCalls: ToolCallRequest[] = [];
    for (const c of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      // Only function calls exist in this API version; anything else is passed on as a call to no tool.
      const fn = (c as { function?: { name?: unknown; arguments?: unknown } }).function;
      toolCalls.push({
        id: typeof c?.id === 'string' ? c.id : `call_${toolCalls.length}`,
        name: typeof fn?.name === 'string' ? fn.name : '',
        arguments: typeof fn?.arguments === 'string' ? fn.arguments : JSON.stringify(fn?.arguments ?? null),
      });
    }
    const r = read({ content, toolCalls });
    return r.ok ? { ok: true, value: r.value, content: content ?? '', model: completion.model ?? opts.model } : r;
  };

  for (let n = 1; ; n++) {
    const r = await attempt();
    if (r.ok) return { ...r, attempts: n, usage: usage() };
    if (!RETRYABLE.has(r.kind) || n >= maxAttempts) {
      const reason = redact(n > 1 ? `${r.reason} (after ${n} attempts)` : r.reason);
      return { ok: false, kind: r.kind, reason, attempts: n, usage: usage(), ...(r.status !== undefined ? { status: r.status } : {}) };
    }
    const exp = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (n - 1));
    const jittered = exp * (0.5 + Math.random() / 2);
    const wait = r.retryAfterMs !== undefined ? Math.min(MAX_RETRY_AFTER_MS, Math.max(r.retryAfterMs, jittered)) : jittered;
    await sleep(wait, opts.signal);
  }
}

/** One chat completion, answered as JSON matching `schema`, with retries (see the header). */
export async function chatJson<T>(settings: LlmSettings, opts: ChatJsonOptions<T>): Promise<ChatJsonResult<T>> {
  return chatCompletion(settings, { ...opts, model: settings.model, temperature: 0, jsonObject: true }, textOnly((content) => {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      return { ok: false, kind: 'invalid-json', reason: `the answer is not JSON: ${JSON.stringify(clip(content, 120))}` };
    }
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
      return { ok: false, kind: 'invalid-answer', reason: `the answer does not match the expected shape (${why})` };
    }
    return { ok: true, value: parsed.data };
  }));
}

export interface ChatTextOptions {
  messages: ChatMessage[];
  /** A substituted model (default: settings.model). */
  model?: string;
  /** Sampling temperature (default: none sent, the server's own default, as most runs sampled). */
  temperature?: number;
  signal?: AbortSignal;
  maxTokens?: number;
  backoff?: Backoff;
  maxRetries?: number;
}

export type ChatTextResult =
  | { ok: true; text: string; model: string; attempts: number; usage: LlmUsage }
  | { ok: false; kind: LlmFailureKind; reason: string; attempts: number; usage: LlmUsage };

/**
 * One chat completion answered in free text (replay re-sends a stored prompt and reads the reply
 * as its framework would), with the same retries, backoff, abort and redaction as chatJson. Any
 * string is an answer, the empty one included: what it is worth is the caller's to judge.
 */
export async function chatText(settings: LlmSettings, opts: ChatTextOptions): Promise<ChatTextResult> {
  const r = await chatCompletion(settings, { ...opts, model: opts.model ?? settings.model, jsonObject: false }, textOnly((content) => ({ ok: true, value: content })));
  if (!r.ok) return r;
  return { ok: true, text: r.value, model: r.model, attempts: r.attempts, usage: r.usage };
}

// ---------------------------------------------------------------------------------------------
// Function calling (issue 13: the diagnosis agent)

export interface ChatToolsOptions {
  messages: ToolChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
  /** Most completion tokens of this answer. */
  maxTokens?: number;
  backoff?: Backoff;
  maxRetries?: number;
}

export type ChatToolsResult =
  | { ok: true; message: { content: string | null; toolCalls: ToolCallRequest[] }; model: string; attempts: number; usage: LlmUsage }
  | { ok: false; kind: LlmFailureKind; reason: string; attempts: number; usage: LlmUsage };

/**
 * One chat completion offering `tools` (OpenAI-compatible function calling) at temperature 0,
 * with the same retries, abort, redaction and usage accounting as chatJson. The answer is the
 * assistant message: text, tool calls, or both; a message with neither is an invalid answer
 * (retried). Tool call arguments come back as the model wrote them: judging them is the caller's.
 */
export async function chatTools(settings: LlmSettings, opts: ChatToolsOptions): Promise<ChatToolsResult> {
  const r = await chatCompletion(
    settings,
    { messages: opts.messages as ChatMessage[], tools: opts.tools, model: settings.model, temperature: 0, jsonObject: false, signal: opts.signal, maxTokens: opts.maxTokens, backoff: opts.backoff, maxRetries: opts.maxRetries },
    (m) => (m.content === null && !m.toolCalls.length ? { ok: false, kind: 'invalid-answer', reason: 'the answer has neither text nor tool calls' } : { ok: true, value: m }),
  );
  if (!r.ok) return r;
  return { ok: true, message: r.value, model: r.model, attempts: r.attempts, usage: r.usage };
}

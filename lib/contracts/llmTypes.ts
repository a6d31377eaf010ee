// The LLM client's shared shapes (issue 9; reused by replay, diagnostics, ...). Any
// OpenAI-compatible endpoint: hosted APIs, vLLM, Ollama, llama.cpp's server.
import { z } from 'zod';
import type { Judgement } from './taxonomyTypes';

/** Caps on one judging batch; a batch stops (status 'budget') when the next edit would pass one. */
export const judgeBudgetSchema = z.object({
  maxEdits: z.number().int().positive().optional(),
  maxTokens: z.number().int().positive().optional(),
  maxCostUsd: z.number().positive().optional(),
});
export type JudgeBudget = z.infer<typeof judgeBudgetSchema>;

/**
 * LLM settings (setting key 'llm'; EVOSCOPE_LLM_BASE_URL, EVOSCOPE_LLM_API_KEY, EVOSCOPE_LLM_MODEL
 * override the stored values). The API key never reaches the browser: routes return `hasApiKey`.
 */
export const llmSettingsSchema = z.object({
  baseUrl: z.string().url(),
  apiKey: z.string().nullable(),
  model: z.string().min(1),
  /** Per request. */
  timeoutMs: z.number().int().positive().default(60_000),
  /** Retries after the first attempt on 429, 5xx, timeouts and invalid JSON. */
  maxRetries: z.number().int().min(0).max(10).default(4),
  /** Requests in flight per judging batch. */
  concurrency: z.number().int().min(1).max(64).default(4),
  /** Default caps of a new judging batch. */
  budget: judgeBudgetSchema.default({}),
  /** USD per million tokens, for the cost figures (0: unknown / free). */
  pricing: z.object({ inputPerMTok: z.number().min(0), outputPerMTok: z.number().min(0) }).default({ inputPerMTok: 0, outputPerMTok: 0 }),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

/** One edit through the LLM judge (lib/services/judging/judge.ts `judgeDiffWithLlm`). */
export type LlmJudgeOutcome =
  | ({ status: 'judged'; judgement: Judgement; cached: boolean } & LlmUsage)
  | ({ status: 'not-judged'; reason: string } & LlmUsage);

/** One message of a plain chat request. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** A function the model may call: JSON Schema parameters, as the OpenAI API takes them. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `arguments` is the model's JSON text, unparsed (it may be invalid). */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

/** A conversation with tool calls: the assistant's calls and the tools' results go back in. */
export type ToolChatMessage =
  | ChatMessage
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string };

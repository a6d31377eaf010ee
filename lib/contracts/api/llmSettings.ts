// LLM settings (issue 9): request and response shapes of /api/settings/llm and its connection
// test, shared by the routes and the settings panel. The API key is write-only: responses say
// only whether one is set (hasApiKey) and which fields the environment sets (those win).
import { z } from 'zod';
import { judgeBudgetSchema, llmSettingsSchema } from '../llmTypes';

const emptyAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An http(s) URL (z.url() alone takes 'localhost:8000' as a URL of scheme 'localhost:'). */
export const isHttpUrl = (s: string) => /^https?:\/\/[^/\s]/i.test(s) && URL.canParse(s);

/** PUT /api/settings/llm. baseUrl, model, apiKey omitted: keep the stored value (the panel leaves out what the environment sets); null: unset it. */
export const llmSettingsInputSchema = z
  .object({
    baseUrl: z.preprocess(emptyAsNull, z.string().trim().refine(isHttpUrl, 'baseUrl must be an http(s) URL such as http://localhost:11434/v1').nullable()).optional(),
    model: z.preprocess(emptyAsNull, z.string().trim().min(1).nullable()).optional(),
    apiKey: z.preprocess(emptyAsNull, z.string().min(1).nullable()).optional(),
    timeoutMs: llmSettingsSchema.shape.timeoutMs,
    maxRetries: llmSettingsSchema.shape.maxRetries,
    concurrency: llmSettingsSchema.shape.concurrency,
    budget: judgeBudgetSchema.strict().default({}),
    pricing: z.object({ inputPerMTok: z.number().min(0), outputPerMTok: z.number().min(0) }).strict().default({ inputPerMTok: 0, outputPerMTok: 0 }),
  })
  .strict();
export type LlmSettingsInput = z.infer<typeof llmSettingsInputSchema>;

/** POST /api/settings/llm/test: the form's values (not saved), or nothing: the saved settings. */
export const llmTestInputSchema = llmSettingsInputSchema.partial().strict();

export const llmSettingsViewSchema = z.object({
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  hasApiKey: z.boolean(),
  timeoutMs: z.number(),
  maxRetries: z.number(),
  concurrency: z.number(),
  budget: judgeBudgetSchema,
  pricing: z.object({ inputPerMTok: z.number(), outputPerMTok: z.number() }),
  /** Fields set by EVOSCOPE_LLM_BASE_URL, EVOSCOPE_LLM_API_KEY, EVOSCOPE_LLM_MODEL (they override the stored ones). */
  fromEnv: z.object({ baseUrl: z.boolean(), apiKey: z.boolean(), model: z.boolean() }),
  /** A base URL and a model are set: the LLM judge can run. */
  configured: z.boolean(),
  /** A setting from the environment that cannot be used (the judge refuses to start until it is fixed). */
  problem: z.string().nullable(),
});
export type LlmSettingsView = z.infer<typeof llmSettingsViewSchema>;

/** A failed test says the status and Evoscope's reason, never the body that answered (it may be any service's). `note`: the stored key was not sent (a new URL). */
export const llmTestResultSchema = z.union([
  z.object({ ok: z.literal(true), model: z.string(), answer: z.string(), latencyMs: z.number(), promptTokens: z.number(), completionTokens: z.number(), note: z.string().optional() }),
  z.object({ ok: z.literal(false), error: z.string(), latencyMs: z.number(), note: z.string().optional() }),
]);
export type LlmTestResult = z.infer<typeof llmTestResultSchema>;

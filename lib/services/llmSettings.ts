// The LLM settings: stored under setting key 'llm' (lib/db/settings.ts), each of base URL, API
// key and model overridden by EVOSCOPE_LLM_BASE_URL / EVOSCOPE_LLM_API_KEY / EVOSCOPE_LLM_MODEL
// when set (a deployment pins them; the panel shows them read-only). The key is write-only:
// llmSettingsView() says only whether one is set. Nothing here logs a setting.
import { z } from 'zod';
import { ApiError } from '../contracts/apiError';
import { isHttpUrl, type LlmSettingsInput, type LlmSettingsView } from '../contracts/api/llmSettings';
import { getSetting, setSetting } from '../db/settings';
import { llmSettingsSchema, type LlmSettings } from '../contracts/llmTypes';

export const LLM_SETTING_KEY = 'llm';

/** What is stored: the settings with base URL, key and model each possibly unset. */
const storedSchema = llmSettingsSchema.extend({
  baseUrl: z.string().url().nullable().default(null),
  apiKey: z.string().nullable().default(null),
  model: z.string().min(1).nullable().default(null),
});
type Stored = z.infer<typeof storedSchema>;

async function loadStored(): Promise<Stored> {
  // A stored value that no longer parses (an older shape) falls back to the defaults field by field.
  const raw = (await getSetting<Record<string, unknown>>(LLM_SETTING_KEY)) ?? {};
  const whole = storedSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const kept = Object.fromEntries(Object.entries(raw).filter(([k, v]) => k in storedSchema.shape && storedSchema.shape[k as keyof Stored].safeParse(v).success));
  return storedSchema.parse(kept);
}

interface LlmEnv {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
}

const BAD_ENV_URL = 'EVOSCOPE_LLM_BASE_URL is not an http(s) URL (e.g. http://localhost:11434/v1)';

/** The EVOSCOPE_LLM_* overrides; `problem` when one is unusable (then loadLlmSettings throws it). */
export function llmEnv(env: NodeJS.ProcessEnv = process.env): LlmEnv & { problem: string | null } {
  const v = (name: string) => (env[name]?.trim() ? env[name]!.trim() : null);
  const baseUrl = v('EVOSCOPE_LLM_BASE_URL');
  const bad = baseUrl !== null && !isHttpUrl(baseUrl);
  return { baseUrl: bad ? null : baseUrl, apiKey: v('EVOSCOPE_LLM_API_KEY'), model: v('EVOSCOPE_LLM_MODEL'), problem: bad ? BAD_ENV_URL : null };
}

/** Stored settings with `over` applied (apiKey undefined keeps the stored key), then the environment. */
function merge(stored: Stored, over: Partial<LlmSettingsInput> = {}): Stored {
  const env = llmEnv();
  const m: Stored = { ...stored, ...Object.fromEntries(Object.entries(over).filter(([, v]) => v !== undefined)) };
  return { ...m, baseUrl: env.baseUrl ?? m.baseUrl, apiKey: env.apiKey ?? m.apiKey, model: env.model ?? m.model };
}

const complete = (s: Stored): LlmSettings | null => (s.baseUrl && s.model ? llmSettingsSchema.parse(s) : null);

/** The effective settings, or null when no base URL or no model is set (the LLM judge is off). */
export async function loadLlmSettings(): Promise<LlmSettings | null> {
  const { problem } = llmEnv();
  if (problem) throw new Error(problem);
  return complete(merge(await loadStored()));
}

/** Two base URLs name the same endpoint (trailing slashes aside). */
export const sameBaseUrl = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

export const RETYPE_KEY = 'type the API key again to use it with a new base URL (the stored key is only sent to the stored URL)';

/**
 * The effective settings with unsaved form values applied (the connection test). The key in
 * force (stored or from the environment) goes only to the base URL in force: a form naming
 * another URL is tested without it unless a key is typed in the form (issue 28: the test sent
 * the stored key to any URL an owner's session named). `keyWithheld` says it was left out.
 */
export async function previewLlmSettings(over: Partial<LlmSettingsInput>): Promise<{ settings: LlmSettings; keyWithheld: boolean } | null> {
  const stored = await loadStored();
  const current = merge(stored);
  const next = merge(stored, over);
  const keyWithheld = over.apiKey === undefined && next.apiKey !== null && !sameBaseUrl(next.baseUrl, current.baseUrl);
  const settings = complete(keyWithheld ? { ...next, apiKey: null } : next);
  return settings && { settings, keyWithheld };
}

export async function llmSettingsView(): Promise<LlmSettingsView> {
  const stored = await loadStored();
  const env = llmEnv();
  const s = merge(stored);
  return {
    baseUrl: s.baseUrl,
    model: s.model,
    hasApiKey: Boolean(s.apiKey),
    timeoutMs: s.timeoutMs,
    maxRetries: s.maxRetries,
    concurrency: s.concurrency,
    budget: s.budget,
    pricing: s.pricing,
    fromEnv: { baseUrl: env.baseUrl !== null || env.problem !== null, apiKey: env.apiKey !== null, model: env.model !== null },
    configured: Boolean(s.baseUrl && s.model) && !env.problem,
    problem: env.problem,
  };
}

/**
 * Stores the settings; baseUrl, model or apiKey omitted keeps the stored one, null unsets it. A
 * new base URL with a stored key and no key given is refused (400): the key would move to it.
 */
export async function saveLlmSettings(input: LlmSettingsInput): Promise<LlmSettingsView> {
  const stored = await loadStored();
  // Also from no URL to one: a key kept while the URL was cleared must not go to the next one typed.
  const moved = input.baseUrl !== undefined && input.baseUrl !== null && !sameBaseUrl(input.baseUrl, stored.baseUrl);
  if (moved && stored.apiKey !== null && input.apiKey === undefined) throw new ApiError(400, RETYPE_KEY);
  const keep = <K extends 'baseUrl' | 'model' | 'apiKey'>(k: K) => (input[k] === undefined ? stored[k] : input[k]);
  const next: Stored = storedSchema.parse({ ...input, baseUrl: keep('baseUrl'), model: keep('model'), apiKey: keep('apiKey') });
  await setSetting(LLM_SETTING_KEY, next);
  return llmSettingsView();
}

import { expect, it } from 'vitest';
import { llmSettingsInputSchema, type LlmSettingsView } from '@/lib/contracts/api/llmSettings';
import { formFromView, inputFromForm } from './llmSettingsForm';

const view: LlmSettingsView = {
  baseUrl: 'http://localhost:11434/v1',
  model: 'qwen',
  hasApiKey: true,
  timeoutMs: 60_000,
  maxRetries: 4,
  concurrency: 4,
  budget: { maxEdits: 500 },
  pricing: { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  fromEnv: { baseUrl: false, apiKey: false, model: false },
  configured: true,
  problem: null,
};

it('round-trips the view through the form into a body the route accepts, the stored key kept', () => {
  const f = formFromView(view);
  expect(f).toMatchObject({ timeoutSeconds: '60', maxEdits: '500', maxTokens: '', apiKey: '' });
  const body = inputFromForm(f, view.fromEnv);
  expect(body.apiKey).toBeUndefined();
  const parsed = llmSettingsInputSchema.parse(JSON.parse(JSON.stringify(body)));
  expect(parsed).toEqual({ baseUrl: view.baseUrl, model: 'qwen', timeoutMs: 60_000, maxRetries: 4, concurrency: 4, budget: { maxEdits: 500 }, pricing: view.pricing });
});

it('sends a typed key, null to forget it, leaves out env-set fields, passes unparsable numbers through for the server to name', () => {
  const f = { ...formFromView(view), apiKey: 'sk-new', timeoutSeconds: '2.5', maxCostUsd: 'lots' };
  expect(inputFromForm(f, view.fromEnv)).toMatchObject({ apiKey: 'sk-new', timeoutMs: 2500, budget: { maxCostUsd: 'lots' } });
  expect(inputFromForm({ ...f, forgetKey: true }, view.fromEnv).apiKey).toBeNull();
  const env = inputFromForm(f, { baseUrl: true, apiKey: true, model: true });
  expect([env.baseUrl, env.model, env.apiKey]).toEqual([undefined, undefined, undefined]);
  expect(llmSettingsInputSchema.safeParse(JSON.parse(JSON.stringify(inputFromForm(f, view.fromEnv)))).error?.issues[0].path).toEqual(['budget', 'maxCostUsd']);
});

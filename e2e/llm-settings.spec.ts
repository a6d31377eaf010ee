// The LLM judge's settings panel on /settings against a scripted OpenAI-compatible server
// started by the spec: save base URL, model and key; after a reload the key is not in the page
// (write-only, the field says it is stored); "Test connection" shows the model's answer, and the
// request carried the stored key. The settings are cleared again afterwards.
import { expect, test } from '@playwright/test';
import { startScriptedLlm, type ScriptedLlm } from '../tests/helpers/scriptedLlm';

const KEY = 'sk-e2e-llm-secret-4711';
let llm: ScriptedLlm;

test.beforeAll(async () => {
  llm = await startScriptedLlm(() => ({ kind: 'content', content: '{"ok": true, "pong": "scripted"}', usage: { prompt: 9, completion: 7 } }));
});
test.afterAll(async ({ request }) => {
  await request.put('/api/settings/llm', { data: { baseUrl: null, model: null, apiKey: null, timeoutMs: 60_000, maxRetries: 4, concurrency: 4 } });
  await llm.close();
});

test('saves the LLM settings with a write-only key and tests the connection', async ({ page }) => {
  await page.goto('/settings');
  const panel = page.getByTestId('llm-settings');
  await panel.getByLabel('Base URL').fill(llm.baseUrl);
  await panel.getByLabel('Model').fill('scripted-model');
  await panel.getByLabel('API key').fill(KEY);
  await panel.getByLabel('Budget: edits per batch').fill('250');
  await panel.getByRole('button', { name: 'Save LLM settings' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  await expect(panel.getByLabel('Base URL')).toHaveValue(llm.baseUrl);
  await expect(panel.getByLabel('Budget: edits per batch')).toHaveValue('250');
  await expect(panel.getByLabel('API key')).toHaveValue('');
  await expect(panel.getByLabel('API key')).toHaveAttribute('placeholder', /stored/);
  expect(await page.content()).not.toContain(KEY);

  await panel.getByRole('button', { name: 'Test connection' }).click();
  const result = panel.getByTestId('llm-test-result');
  await expect(result).toContainText('scripted-model answered in');
  await expect(result.locator('code')).toHaveText('{"ok": true, "pong": "scripted"}');
  expect(llm.requests).toHaveLength(1);
  expect(llm.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
  expect(llm.requests[0].body).toMatchObject({ model: 'scripted-model', temperature: 0, response_format: { type: 'json_object' } });
});

test('a failing endpoint is reported as an error', async ({ page }) => {
  await page.goto('/settings');
  const panel = page.getByTestId('llm-settings');
  await panel.getByLabel('Base URL').fill(`${llm.baseUrl.replace(/\/v1$/, '')}/nowhere`);
  await panel.getByLabel('Model').fill('scripted-model');
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(panel.getByRole('alert')).toContainText('Connection failed: HTTP 404');
});

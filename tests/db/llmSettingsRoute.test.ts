// /api/settings/llm and its connection test through the route handlers: the key is write-only
// (never in a GET or PUT answer; omitted on PUT keeps it, null forgets it), the environment
// overrides base URL, key and model, loadLlmSettings is null until a base URL and a model are
// set, and "Test connection" reports the scripted model's answer or its error.
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { GET, PUT } from '../../app/api/settings/llm/route';
import { POST as TEST } from '../../app/api/settings/llm/test/route';
import { pool } from '../../lib/db/client';
import { LLM_SETTING_KEY, loadLlmSettings } from '../../lib/services/llmSettings';
import { useTestDatabase } from '../helpers/dbTest';
import { labelsReply, startScriptedLlm, type ScriptedLlm } from '../helpers/scriptedLlm';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const KEY = 'sk-route-test-9f8e7d';
const ENV = ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_API_KEY', 'EVOSCOPE_LLM_MODEL'];
const clear = async () => void (await pool().query('DELETE FROM settings WHERE key = $1', [LLM_SETTING_KEY]));
useTestDatabase();
let server: ScriptedLlm | null = null;
beforeEach(async () => {
  for (const k of ENV) delete process.env[k];
  await clear();
});
afterEach(async () => {
  for (const k of ENV) delete process.env[k];
  await server?.close();
  server = null;
  await clear();
});

const ctx = { params: Promise.resolve({}) };
async function call(handler: typeof GET, method: string, path: string, body?: unknown) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, ctx);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}
const get = () => call(GET, 'GET', '/api/settings/llm');
const put = (body: unknown) => call(PUT, 'PUT', '/api/settings/llm', body);
const test = (body: unknown) => call(TEST, 'POST', '/api/settings/llm/test', body);

const form = (over: Record<string, unknown> = {}) => ({
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'm1',
  timeoutMs: 20_000,
  maxRetries: 2,
  concurrency: 3,
  budget: { maxEdits: 100, maxCostUsd: 1.5 },
  pricing: { inputPerMTok: 0.5, outputPerMTok: 1.5 },
  ...over,
});

it('is not configured until a base URL and a model are set', async () => {
  expect(await loadLlmSettings()).toBeNull();
  const g = await get();
  expect(g.body).toMatchObject({ configured: false, baseUrl: null, model: null, hasApiKey: false, fromEnv: { baseUrl: false, apiKey: false, model: false } });
  await put(form({ model: null }));
  expect(await loadLlmSettings()).toBeNull();
});

it('keeps the key write-only: stored and used, never returned; omitted keeps it, null forgets it', async () => {
  const p = await put(form({ apiKey: KEY }));
  expect(p.status, p.text).toBe(200);
  expect(p.text).not.toContain(KEY);
  const g = await get();
  expect(g.text).not.toContain(KEY);
  expect(g.body).toEqual({
    ...form(),
    hasApiKey: true,
    fromEnv: { baseUrl: false, apiKey: false, model: false },
    configured: true,
    problem: null,
  });
  expect(await loadLlmSettings()).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY, model: 'm1', concurrency: 3, budget: { maxEdits: 100, maxCostUsd: 1.5 } });

  await put(form({ model: 'm2' }));
  expect(await loadLlmSettings()).toMatchObject({ apiKey: KEY, model: 'm2' });
  const { baseUrl: _b, model: _m, ...rest } = form({ concurrency: 5 });
  await put(rest);
  expect(await loadLlmSettings()).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm2', apiKey: KEY, concurrency: 5 });
  await put(form({ apiKey: null }));
  expect((await loadLlmSettings())!.apiKey).toBeNull();
  expect((await get()).body.hasApiKey).toBe(false);
});

it('refuses invalid settings naming the field', async () => {
  const r = await put(form({ baseUrl: 'not a url' }));
  expect(r.status).toBe(400);
  expect(r.body.error).toMatch(/baseUrl must be an http\(s\) URL/);
  expect((await put(form({ baseUrl: 'localhost:8000' }))).status).toBe(400);
  expect((await put(form({ concurrency: 0 }))).body.error).toMatch(/concurrency/);
  expect((await put(form({ budget: { maxTokens: -1 } }))).body.error).toMatch(/budget\.maxTokens/);
  expect((await put({ ...form(), surprise: 1 })).status).toBe(400);
});

it('lets EVOSCOPE_LLM_BASE_URL, _API_KEY and _MODEL override the stored values, the key still hidden', async () => {
  await put(form({ apiKey: 'sk-stored' }));
  process.env.EVOSCOPE_LLM_BASE_URL = 'http://10.0.0.1:8000/v1';
  process.env.EVOSCOPE_LLM_API_KEY = 'sk-from-env-123';
  process.env.EVOSCOPE_LLM_MODEL = 'env-model';
  expect(await loadLlmSettings()).toMatchObject({ baseUrl: 'http://10.0.0.1:8000/v1', apiKey: 'sk-from-env-123', model: 'env-model', concurrency: 3 });
  const g = await get();
  expect(g.body).toMatchObject({ baseUrl: 'http://10.0.0.1:8000/v1', model: 'env-model', hasApiKey: true, fromEnv: { baseUrl: true, apiKey: true, model: true } });
  expect(g.text).not.toContain('sk-from-env-123');
  expect(g.text).not.toContain('sk-stored');
  // An unusable base URL is reported, not ignored: the view says so and the judge refuses to start.
  process.env.EVOSCOPE_LLM_BASE_URL = 'localhost:8000';
  expect((await get()).body).toMatchObject({ configured: false, problem: expect.stringMatching(/EVOSCOPE_LLM_BASE_URL is not an http\(s\) URL/) });
  await expect(loadLlmSettings()).rejects.toThrow(/EVOSCOPE_LLM_BASE_URL is not an http\(s\) URL/);
  process.env.EVOSCOPE_LLM_BASE_URL = 'http://10.0.0.1:8000/v1';
  // Only the environment: configured with nothing stored.
  await clear();
  expect(await loadLlmSettings()).toMatchObject({ baseUrl: 'http://10.0.0.1:8000/v1', model: 'env-model', concurrency: 4, maxRetries: 4 });
});

it('tests the connection with the form values (unsaved), using the stored key at the stored URL only, and reports the answer or the error', async () => {
  server = await startScriptedLlm([
    { kind: 'content', content: '{"ok": true}', usage: { prompt: 12, completion: 4 } },
    { kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY}` },
    labelsReply(['bug_fix']),
  ]);
  await put(form({ baseUrl: server.baseUrl, apiKey: KEY }));
  const ok = await test(form({ baseUrl: server.baseUrl, model: 'scripted-model' }));
  expect(ok.status, ok.text).toBe(200);
  expect(ok.body).toMatchObject({ ok: true, model: 'scripted-model', answer: '{"ok": true}', promptTokens: 12, completionTokens: 4 });
  expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
  expect(server.requests[0].body).toMatchObject({ model: 'scripted-model', temperature: 0, response_format: { type: 'json_object' } });
  expect((await loadLlmSettings())!.model).toBe('m1');

  const bad = await test({ model: 'scripted-model' });
  expect(bad.body).toMatchObject({ ok: false, error: expect.stringMatching(/^HTTP 401/) });
  expect(bad.text).not.toContain(KEY);
  expect(server.requests).toHaveLength(2);

  await clear();
  expect((await test({})).body).toEqual({ error: 'set a base URL and a model first' });
});

it('never sends the stored key to another URL: a new URL is tested without it unless a key is typed', async () => {
  server = await startScriptedLlm([
    { kind: 'content', content: '{"ok": true}' },
    { kind: 'content', content: '{"ok": true}' },
    { kind: 'content', content: '{"ok": true}' },
  ]);
  await put(form({ apiKey: KEY }));
  const other = await test(form({ baseUrl: server.baseUrl, model: 'scripted-model' }));
  expect(other.status, other.text).toBe(200);
  expect(server.requests[0].headers.authorization ?? '').not.toContain(KEY);
  expect(other.body).toMatchObject({ ok: true, note: expect.stringMatching(/type the API key again/) });
  // A key typed with the new URL is used.
  const typed = await test(form({ baseUrl: server.baseUrl, model: 'scripted-model', apiKey: 'sk-typed' }));
  expect(typed.status, typed.text).toBe(200);
  expect(server.requests[1].headers.authorization).toBe('Bearer sk-typed');
  // The environment's key is no different: it goes to the environment's URL only.
  process.env.EVOSCOPE_LLM_API_KEY = 'sk-from-env-123';
  await test(form({ baseUrl: server.baseUrl, model: 'scripted-model' }));
  expect(server.requests[2].headers.authorization ?? '').not.toContain('sk-from-env-123');
  delete process.env.EVOSCOPE_LLM_API_KEY;
  // Saving a new URL without typing the key again is refused rather than moving the key there.
  const moved = await put(form({ baseUrl: server.baseUrl }));
  expect(moved.status, moved.text).toBe(400);
  expect(moved.body.error).toMatch(/type the API key again/);
  expect((await loadLlmSettings())!).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY });
  // The same URL with a trailing slash is the same URL; a new URL with the key typed (or forgotten) is saved.
  expect((await put(form({ baseUrl: 'http://127.0.0.1:9/v1/' }))).status).toBe(200);
  expect((await put(form({ baseUrl: server.baseUrl, apiKey: 'sk-typed' }))).status).toBe(200);
  expect((await put(form({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null }))).status).toBe(200);
  // Clearing the URL and typing a new one later is a new URL too.
  await put(form({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY }));
  expect((await put(form({ baseUrl: null }))).status).toBe(200);
  expect((await put(form({ baseUrl: server.baseUrl }))).status).toBe(400);
});

it('reports a failed test by status and an Evoscope-written reason, never the body that answered', async () => {
  const SECRET_BODY = 'internal-admin-page: db password hunter2';
  server = await startScriptedLlm([
    { kind: 'status', status: 403, message: SECRET_BODY },
    { kind: 'status', status: 400, message: SECRET_BODY },
    { kind: 'raw', status: 200, contentType: 'text/html', body: `<html>${SECRET_BODY}</html>` },
    { kind: 'status', status: 503, message: SECRET_BODY },
    { kind: 'content', content: `not json ${SECRET_BODY}` },
  ]);
  await put(form({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0 }));
  const seen: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await test({});
    expect(r.status, r.text).toBe(200);
    expect(r.body.ok).toBe(false);
    expect(r.text).not.toContain('hunter2');
    expect(r.body.error.length).toBeLessThan(200);
    seen.push(r.body.error);
  }
  expect(seen[0]).toMatch(/^HTTP 403: /);
  expect(seen[1]).toMatch(/^HTTP 400: /);
  expect(seen[2]).toMatch(/not an OpenAI-compatible/);
  expect(seen[3]).toMatch(/^HTTP 503: /);
  expect(seen[4]).toMatch(/not JSON/);
  // A closed port: the reason names no remote text either.
  await put(form({ baseUrl: 'http://127.0.0.1:9/v1', model: 'scripted-model', maxRetries: 0 }));
  expect((await test({})).body).toMatchObject({ ok: false, error: expect.stringMatching(/could not connect/) });
});

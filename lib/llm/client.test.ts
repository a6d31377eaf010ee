// The LLM client against the scripted OpenAI-compatible server (tests/helpers/scriptedLlm.ts):
// what it sends, which failures it retries (429 with Retry-After, 5xx, timeouts, hang-ups,
// invalid JSON, schema-invalid answers), which it does not (401), the count of attempts, the
// usage summed over attempts, cancellation, and that the API key never appears in a reason.
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { labelsReply, startScriptedLlm, statusReply, toolsReply, type Script, type ScriptedLlm } from '../../tests/helpers/scriptedLlm';
import { chatJson, chatText, chatTools } from './client';
import type { ToolSpec } from '../contracts/llmTypes';
import { llmSettingsSchema, type LlmSettings } from '../contracts/llmTypes';

const schema = z.object({ labels: z.array(z.string()).min(1), rationale: z.string() });
const messages = [{ role: 'user' as const, content: 'label it' }];
const fast = { baseMs: 5, maxMs: 20 };
let server: ScriptedLlm | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function setup(script: Script, over: Partial<LlmSettings> = {}) {
  server = await startScriptedLlm(script);
  const settings = llmSettingsSchema.parse({ baseUrl: server.baseUrl, apiKey: 'sk-secret-123', model: 'scripted-model', maxRetries: 3, pricing: { inputPerMTok: 2, outputPerMTok: 10 }, ...over });
  return { server, settings };
}

it('sends temperature 0, json_object, the model and the key, and returns the parsed answer with its usage and cost', async () => {
  const { server, settings } = await setup([labelsReply(['bug_fix'], 'guard added', {}, { prompt: 1000, completion: 100 })]);
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r).toMatchObject({ ok: true, attempts: 1, value: { labels: ['bug_fix'], rationale: 'guard added' } });
  expect(r.usage).toEqual({ promptTokens: 1000, completionTokens: 100, costUsd: (1000 * 2 + 100 * 10) / 1e6 });
  expect(server.requests).toHaveLength(1);
  const body = server.requests[0].body!;
  expect(body).toMatchObject({ model: 'scripted-model', temperature: 0, response_format: { type: 'json_object' }, messages });
  expect(server.requests[0].headers.authorization).toBe('Bearer sk-secret-123');
});

it('sends no Authorization header when no key is set (a local server)', async () => {
  const { server, settings } = await setup([labelsReply(['refactor'])], { apiKey: null });
  expect((await chatJson(settings, { messages, schema, backoff: fast })).ok).toBe(true);
  expect(server.requests[0].headers.authorization).toBeUndefined();
});

it('retries 429, 500, a hang-up, malformed JSON and a schema-invalid answer, then succeeds, counting every answered attempt', async () => {
  const { server, settings } = await setup(
    [
      statusReply(429),
      statusReply(500),
      { kind: 'hang-up' },
      { kind: 'content', content: '{"labels": [', usage: { prompt: 10, completion: 1 } },
      { kind: 'answer', answer: { labels: [] , rationale: 'x' }, usage: { prompt: 10, completion: 2 } },
      labelsReply(['pruning'], 'removed a phase', {}, { prompt: 10, completion: 3 }),
    ],
    { maxRetries: 5 },
  );
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r).toMatchObject({ ok: true, attempts: 6, value: { labels: ['pruning'] } });
  expect(r.usage.promptTokens).toBe(30);
  expect(r.usage.completionTokens).toBe(6);
  expect(server.requests).toHaveLength(6);
});

it('gives up after maxRetries with a typed failure naming the last reason', async () => {
  const { server, settings } = await setup([statusReply(500), statusReply(503), statusReply(502)], { maxRetries: 2 });
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.kind).toBe('server');
  expect(r.attempts).toBe(3);
  expect(r.reason).toMatch(/HTTP 502.*after 3 attempts/);
  expect(server.requests).toHaveLength(3);
});

it('reports malformed JSON and schema-invalid answers as such when retries run out', async () => {
  const { settings } = await setup([{ kind: 'content', content: 'Sure! Here are the labels: bug_fix' }], { maxRetries: 0 });
  const bad = await chatJson(settings, { messages, schema, backoff: fast });
  expect(bad).toMatchObject({ ok: false, kind: 'invalid-json', attempts: 1 });
  expect(!bad.ok && bad.reason).toMatch(/not JSON: "Sure! Here are the labels/);
  await server!.close();
  const s2 = await setup([{ kind: 'answer', answer: { labels: 'bug_fix' } }], { maxRetries: 0 });
  const invalid = await chatJson(s2.settings, { messages, schema, backoff: fast });
  expect(invalid).toMatchObject({ ok: false, kind: 'invalid-answer' });
  expect(!invalid.ok && invalid.reason).toMatch(/labels: .*rationale: /);
});

it('does not retry a refused request (401) and never shows the key in the reason', async () => {
  const { server, settings } = await setup([{ kind: 'status', status: 401, message: 'Incorrect API key provided: sk-secret-123' }, labelsReply(['bug_fix'])]);
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r).toMatchObject({ ok: false, kind: 'refused', attempts: 1 });
  expect(!r.ok && r.reason).toMatch(/HTTP 401/);
  expect(JSON.stringify(r)).not.toContain('sk-secret-123');
  expect(server.requests).toHaveLength(1);
});

it('honours Retry-After on a 429 (waits at least that long, not the tiny backoff)', async () => {
  const { settings } = await setup([statusReply(429, '1'), labelsReply(['efficiency'])]);
  const t0 = Date.now();
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r.ok).toBe(true);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
});

it('times out a slow reply per request and retries it', async () => {
  const { server, settings } = await setup([{ ...labelsReply(['bug_fix']), delayMs: 3000 }, labelsReply(['refactor'])], { timeoutMs: 300 });
  const t0 = Date.now();
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r).toMatchObject({ ok: true, attempts: 2, value: { labels: ['refactor'] } });
  expect(Date.now() - t0).toBeLessThan(2500);
  expect(server.requests).toHaveLength(2);
  await server.close();
  const s2 = await setup([{ ...labelsReply(['bug_fix']), delayMs: 3000 }], { timeoutMs: 200, maxRetries: 0 });
  expect(await chatJson(s2.settings, { messages, schema, backoff: fast })).toMatchObject({ ok: false, kind: 'timeout', reason: 'no answer within the timeout' });
});

it('rejects with an AbortError when cancelled, during a request and while waiting to retry', async () => {
  const { settings } = await setup([{ ...labelsReply(['bug_fix']), delayMs: 5000 }]);
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  await expect(chatJson(settings, { messages, schema, backoff: fast, signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  await server!.close();
  const s2 = await setup([statusReply(500), labelsReply(['bug_fix'])]);
  const ac2 = new AbortController();
  const p = chatJson(s2.settings, { messages, schema, backoff: { baseMs: 10_000, maxMs: 10_000 }, signal: ac2.signal });
  setTimeout(() => ac2.abort(), 200);
  const t0 = Date.now();
  await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  expect(Date.now() - t0).toBeLessThan(2000);
  expect(s2.server.requests).toHaveLength(1);
});

it('says when the reply is not a chat completion at all (a web page at the base URL)', async () => {
  const { settings } = await setup(
    [
      { kind: 'raw', status: 200, contentType: 'text/html', body: '<html>login</html>' },
      { kind: 'raw', status: 200, contentType: 'application/json', body: '<html>login</html>' },
    ],
    { maxRetries: 1 },
  );
  const r = await chatJson(settings, { messages, schema, backoff: fast });
  expect(r).toMatchObject({ ok: false, kind: 'invalid-answer', attempts: 2 });
  expect(!r.ok && r.reason).toMatch(/^the server's reply is not a chat completion \(is the base URL the API root/);
});

it('chatText sends free text (no json_object), the substituted model and temperature, and returns the reply as it is', async () => {
  const reply = 'Change it:\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\nnot JSON at all';
  const { server, settings } = await setup([{ kind: 'content', content: reply, usage: { prompt: 500, completion: 50 } }]);
  const r = await chatText(settings, { messages, model: 'other-model', temperature: 0.7, backoff: fast });
  expect(r).toEqual({ ok: true, text: reply, model: 'other-model', attempts: 1, usage: { promptTokens: 500, completionTokens: 50, costUsd: (500 * 2 + 50 * 10) / 1e6 } });
  const body = server.requests[0].body!;
  expect(body).toMatchObject({ model: 'other-model', temperature: 0.7, messages });
  expect(body.response_format).toBeUndefined();
});

it('chatText uses the configured model and no temperature by default, retries like chatJson and fails typed', async () => {
  const { server, settings } = await setup([statusReply(429, '0'), statusReply(500), { kind: 'content', content: '' }]);
  const r = await chatText(settings, { messages, backoff: fast });
  expect(r).toMatchObject({ ok: true, text: '', model: 'scripted-model', attempts: 3 });
  expect(server.requests.map((q) => q.body!.temperature)).toEqual([undefined, undefined, undefined]);
  await server.close();
  const s2 = await setup([statusReply(401)]);
  const bad = await chatText(s2.settings, { messages, backoff: fast });
  expect(bad).toMatchObject({ ok: false, kind: 'refused', attempts: 1 });
  expect(!bad.ok && bad.reason).not.toContain('sk-secret-123');
});

const tools: ToolSpec[] = [{ name: 'run_program', description: 'run it', parameters: { type: 'object', properties: { stdin: { type: 'string' } } } }];

it('chatTools offers the tools, returns the tool calls with their raw arguments, and sends the conversation back as given', async () => {
  const { server, settings } = await setup([
    toolsReply([{ name: 'run_program', arguments: { stdin: '3' } }, { name: 'nope', arguments: '{not json' }], { prompt: 300, completion: 30 }),
    { kind: 'content', content: 'Hypothesis: done', usage: { prompt: 400, completion: 40 } },
  ]);
  const r = await chatTools(settings, { messages, tools, backoff: fast });
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.message.content).toBeNull();
  expect(r.message.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['run_program', '{"stdin":"3"}'], ['nope', '{not json']]);
  expect(r.usage).toEqual({ promptTokens: 300, completionTokens: 30, costUsd: (300 * 2 + 30 * 10) / 1e6 });
  const body = server.requests[0].body!;
  expect(body).toMatchObject({ temperature: 0, tools: [{ type: 'function', function: tools[0] }] });
  expect(body.response_format).toBeUndefined();
  const next = await chatTools(settings, {
    messages: [
      ...messages,
      { role: 'assistant', content: null, tool_calls: r.message.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) },
      { role: 'tool', tool_call_id: r.message.toolCalls[0].id, content: 'exit 0' },
    ],
    tools,
    backoff: fast,
  });
  expect(next).toMatchObject({ ok: true, message: { content: 'Hypothesis: done', toolCalls: [] } });
  expect(server.requests[1].body!.messages!.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  expect(server.requests[1].body!.messages![2]).toMatchObject({ tool_call_id: r.message.toolCalls[0].id, content: 'exit 0' });
});

it('chatTools retries like chatJson (500, an empty message) and does not retry a refusal', async () => {
  const { server, settings } = await setup([statusReply(500), { kind: 'tools', calls: [], content: null }, toolsReply([{ name: 'run_program', arguments: {} }])]);
  const r = await chatTools(settings, { messages, tools, backoff: fast });
  expect(r).toMatchObject({ ok: true, attempts: 3 });
  expect(server.requests).toHaveLength(3);
  await server.close();
  const s2 = await setup([statusReply(401)]);
  expect(await chatTools(s2.settings, { messages, tools, backoff: fast })).toMatchObject({ ok: false, kind: 'refused', attempts: 1 });
});

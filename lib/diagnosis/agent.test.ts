// The agent loop against scripted chats: a hostile or looping model cannot escape the tool-call,
// token and time bounds; unknown tools and bad JSON are refused (and recorded); huge results are
// capped before they go back; a well-behaved model's final text is returned.
import { expect, it } from 'vitest';
import type { ToolChatMessage, ToolSpec } from '../contracts/llmTypes';
import { capResult, runAgent, type AgentDeps, type ChatStep } from './agent';

const tools: ToolSpec[] = [{ name: 'run_program', description: '', parameters: { type: 'object' } }];
const initial: ToolChatMessage[] = [{ role: 'user', content: 'diagnose' }];
const usage = (p = 100, c = 20) => ({ promptTokens: p, completionTokens: c, costUsd: 0 });
const call = (name: string, args: string, id = 'c') => ({ id, name, arguments: args });

function deps(chat: (idx: number, messages: ToolChatMessage[], t: ToolSpec[]) => ChatStep, output = (_a: unknown) => 'ran') {
  const log: string[] = [];
  const seen: ToolChatMessage[][] = [];
  const d: AgentDeps = {
    chat: async (idx, messages, t) => {
      log.push(`llm:${idx}:${t.length}`);
      seen.push(messages.map((m) => ({ ...m })));
      return chat(idx, messages, t);
    },
    runTool: async (idx, name, args) => {
      log.push(`tool:${idx}:${name}`);
      return { text: output(args) };
    },
    refuseTool: async (idx, name) => {
      log.push(`refused:${idx}:${name}`);
    },
  };
  return { d, log, seen };
}

const limits = { maxToolCalls: 3, maxTokens: 100_000, wallMs: 60_000 };

it('runs the tools the model asks for and returns its final text', async () => {
  const { d, log } = deps((idx) =>
    idx === 0 ? { ok: true, content: null, toolCalls: [call('run_program', '{"stdin":"3"}')], usage: usage() } : { ok: true, content: '## Hypothesis\nx', toolCalls: [], usage: usage() },
  );
  const r = await runAgent(initial, tools, d, limits);
  expect(log).toEqual(['llm:0:1', 'tool:1:run_program', 'llm:2:1']);
  expect(r).toMatchObject({ finalText: '## Hypothesis\nx', toolCalls: 1, tokens: 240, llmCalls: 2, stoppedBy: null, failure: null });
  expect(r.results).toEqual([{ idx: 1, name: 'run_program', text: 'ran' }]);
});

it('an endless caller is stopped by the tool-call bound: one wrap-up turn without tools, then stop', async () => {
  const { d, log } = deps(() => ({ ok: true, content: null, toolCalls: [call('run_program', '{}', 'a'), call('run_program', '{}', 'b')], usage: usage() }));
  const r = await runAgent(initial, tools, d, limits);
  expect(r.toolCalls).toBe(3);
  expect(r.stoppedBy).toBe('tool-calls');
  expect(log.filter((l) => l.startsWith('tool:'))).toHaveLength(3);
  // The last exchange offered no tools.
  expect(log.at(-1)).toMatch(/^llm:\d+:0$/);
  expect(r.llmCalls).toBe(3);
});

it('a wrap-up answer after the budget is the report, stoppedBy still says the budget ended it', async () => {
  const { d } = deps((_i, _m, t) => (t.length ? { ok: true, content: null, toolCalls: [call('run_program', '{}')], usage: usage() } : { ok: true, content: 'final', toolCalls: [], usage: usage() }));
  const r = await runAgent(initial, tools, d, { ...limits, maxToolCalls: 2 });
  expect(r).toMatchObject({ finalText: 'final', toolCalls: 2, stoppedBy: 'tool-calls' });
});

it('a looping model is stopped by the token bound (prompt + completion over the conversation)', async () => {
  const { d } = deps(() => ({ ok: true, content: 'thinking', toolCalls: [call('run_program', '{}')], usage: usage(4000, 1000) }));
  const r = await runAgent(initial, tools, d, { maxToolCalls: 100, maxTokens: 20_000, wallMs: 60_000 });
  expect(r.stoppedBy).toBe('tokens');
  expect(r.tokens).toBe(20_000);
  expect(r.llmCalls).toBe(4);
});

it('huge tool-call arguments count against the token bound before the next exchange is sent', async () => {
  const { d, log } = deps(() => ({ ok: true, content: null, toolCalls: [call('run_program', JSON.stringify({ stdin: 'y'.repeat(2_000_000) }))], usage: usage(100, 10) }));
  const r = await runAgent(initial, tools, d, { maxToolCalls: 100, maxTokens: 60_000, wallMs: 60_000 });
  expect(r.stoppedBy).toBe('tokens');
  expect(log.filter((l) => l.startsWith('llm:'))).toHaveLength(1);
});

it('stops at the wall-clock cap', async () => {
  let t = 0;
  const { d } = deps(() => {
    t += 1000;
    return { ok: true, content: null, toolCalls: [call('run_program', '{}')], usage: usage() };
  });
  const r = await runAgent(initial, tools, { ...d, now: () => t }, { maxToolCalls: 100, maxTokens: 1e9, wallMs: 5000 });
  expect(r.stoppedBy).toBe('time');
  expect(r.llmCalls).toBeLessThanOrEqual(5);
});

it('refuses unknown tools and arguments that are not JSON (recorded, counted), and caps huge results', async () => {
  const { d, log, seen } = deps(
    (idx) =>
      idx === 0
        ? { ok: true, content: null, toolCalls: [call('rm_rf', '{}', 'a'), call('run_program', '{oops', 'b'), call('run_program', '{}', 'c')], usage: usage() }
        : { ok: true, content: 'done', toolCalls: [], usage: usage() },
    () => 'x'.repeat(1_000_000),
  );
  const r = await runAgent(initial, tools, d, { ...limits, maxToolCalls: 10, maxResultChars: 1000 });
  expect(log).toEqual(['llm:0:1', 'refused:1:rm_rf', 'refused:2:run_program', 'tool:3:run_program', 'llm:4:1']);
  expect(r.toolCalls).toBe(3);
  const sent = seen[1].filter((m) => m.role === 'tool').map((m) => m.content as string);
  expect(sent[0]).toMatch(/^error: unknown tool "rm_rf"/);
  expect(sent[1]).toMatch(/^error: the arguments are not JSON/);
  expect(sent[2].length).toBeLessThan(1100);
  expect(sent[2]).toMatch(/characters cut/);
});

it('an exchange cut by the wall clock stops the agent with stoppedBy time, not as an LLM failure', async () => {
  const { d } = deps(() => ({ ok: false, reason: 'cut', usage: usage(0, 0), stopped: 'time' }));
  expect(await runAgent(initial, tools, d, limits)).toMatchObject({ stoppedBy: 'time', failure: null });
});

it('returns the LLM failure as it is', async () => {
  const { d } = deps(() => ({ ok: false, reason: 'HTTP 500 (after 5 attempts)', usage: usage(0, 0) }));
  expect(await runAgent(initial, tools, d, limits)).toMatchObject({ failure: 'HTTP 500 (after 5 attempts)', finalText: null, llmCalls: 1 });
});

it('capResult keeps head and tail', () => {
  const s = `HEAD${'m'.repeat(10_000)}TAIL`;
  const c = capResult(s, 100);
  expect(c.startsWith('HEAD')).toBe(true);
  expect(c.endsWith('TAIL')).toBe(true);
  expect(capResult('short', 100)).toBe('short');
});

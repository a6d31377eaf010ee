// The eval agent's loop (issue 13 item 3): chat with tools until the model answers without a tool
// call, bounded by tool calls, tokens (prompt + completion summed over the conversation) and wall
// time. Chat and tools are injected (the runner stores each exchange and each call as an
// experiment_calls row, with idx assigned here in conversation order: LLM exchange, then its tool
// calls, then the next exchange...). Nothing the model does escapes the bounds: an unknown tool,
// arguments that are not JSON, or a call past the budget each get an error text back (the API
// needs an answer to every tool call) and count as what they are; every tool result is capped
// before it goes back to the model; once the tool budget is spent the model gets one wrap-up turn
// without tools, and a model that still calls tools is stopped. Pure (no database, no sandbox).
import type { ToolCallRequest, ToolChatMessage, ToolSpec } from '../contracts/llmTypes';
import type { LlmUsage } from '../contracts/llmTypes';
import { WRAP_UP } from './prompt';

export type StoppedBy = 'tool-calls' | 'tokens' | 'time' | 'no-report';

export type ChatStep =
  | { ok: true; content: string | null; toolCalls: ToolCallRequest[]; usage: LlmUsage }
  /** `stopped`: the exchange was cut by a bound (the wall clock), not failed by the LLM. */
  | { ok: false; reason: string; usage: LlmUsage; stopped?: StoppedBy };

export interface ToolOutcome {
  /** The text the model gets back (capped here again before it is sent). */
  text: string;
}

export interface AgentDeps {
  /** One exchange (idx: its experiment_calls idx). `tools` empty: the model must answer in text. */
  chat(idx: number, messages: ToolChatMessage[], tools: ToolSpec[], maxTokens: number): Promise<ChatStep>;
  /** One tool call; `args` already parsed from JSON (the tool checks their shape). */
  runTool(idx: number, name: string, args: unknown): Promise<ToolOutcome>;
  /** Records a call the agent refused before it ran (unknown tool, bad JSON): one row too. */
  refuseTool(idx: number, name: string, rawArguments: string, reason: string): Promise<void>;
  now?: () => number;
}

export interface AgentLimits {
  maxToolCalls: number;
  maxTokens: number;
  wallMs: number;
  /** Most characters of one tool result sent back to the model. */
  maxResultChars?: number;
  /** Most completion tokens asked for per exchange. */
  maxAnswerTokens?: number;
}

export interface AgentResult {
  /** The model's last text answer (the report), or null. */
  finalText: string | null;
  toolCalls: number;
  tokens: number;
  llmCalls: number;
  stoppedBy: StoppedBy | null;
  /** The LLM failed (after the client's retries): why. */
  failure: string | null;
  /** Tool results as the model saw them, by idx (for linking claims). */
  results: { idx: number; name: string; text: string }[];
}

export const DEFAULT_RESULT_CHARS = 6000;

/** Head and tail of a long text, with what was cut in between (errors are usually at either end). */
export function capResult(text: string, max = DEFAULT_RESULT_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.6);
  const tail = max - head;
  return `${text.slice(0, head)}\n... (${text.length - head - tail} characters cut) ...\n${text.slice(text.length - tail)}`;
}

/** Rough prompt size in tokens (4 characters a token): checked before a call so one call cannot blow the budget. */
const estimateTokens = (messages: ToolChatMessage[]) =>
  Math.ceil(messages.reduce((s, m) => s + (typeof m.content === 'string' ? m.content.length : 0) + ('tool_calls' in m && m.tool_calls ? JSON.stringify(m.tool_calls).length : 0), 0) / 4);

export async function runAgent(initial: ToolChatMessage[], tools: ToolSpec[], deps: AgentDeps, limits: AgentLimits): Promise<AgentResult> {
  const now = deps.now ?? Date.now;
  const deadline = now() + limits.wallMs;
  const maxChars = limits.maxResultChars ?? DEFAULT_RESULT_CHARS;
  const known = new Set(tools.map((t) => t.name));
  const messages: ToolChatMessage[] = [...initial];
  const r: AgentResult = { finalText: null, toolCalls: 0, tokens: 0, llmCalls: 0, stoppedBy: null, failure: null, results: [] };
  let idx = 0;
  let wrapUp = false;

  for (;;) {
    if (now() >= deadline) {
      r.stoppedBy ??= 'time';
      return r;
    }
    const room = limits.maxTokens - r.tokens - estimateTokens(messages);
    if (room < 64) {
      r.stoppedBy ??= 'tokens';
      return r;
    }
    const step = await deps.chat(idx++, messages, wrapUp ? [] : tools, Math.min(room, limits.maxAnswerTokens ?? 4096));
    r.llmCalls++;
    r.tokens += step.usage.promptTokens + step.usage.completionTokens;
    if (!step.ok) {
      if (step.stopped) r.stoppedBy ??= step.stopped;
      else r.failure = step.reason;
      return r;
    }
    if (step.content !== null) r.finalText = step.content;
    if (!step.toolCalls.length) return r;
    if (wrapUp) {
      // Told to answer without tools and still calling them: the budget stops it here.
      return r;
    }
    if (r.tokens >= limits.maxTokens) {
      r.stoppedBy = 'tokens';
      return r;
    }
    messages.push({
      role: 'assistant',
      content: step.content,
      tool_calls: step.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    });
    for (const call of step.toolCalls) {
      let text: string;
      if (r.toolCalls >= limits.maxToolCalls) {
        text = `not run: the budget of ${limits.maxToolCalls} tool calls is spent`;
        r.stoppedBy = 'tool-calls';
      } else if (now() >= deadline) {
        text = 'not run: the time budget is spent';
        r.stoppedBy = 'time';
      } else {
        const callIdx = idx++;
        r.toolCalls++;
        let args: unknown;
        let refused: string | null = null;
        if (!known.has(call.name)) refused = `unknown tool ${JSON.stringify(call.name.slice(0, 80))}; the tools are ${[...known].join(', ')}`;
        else {
          try {
            args = call.arguments.trim() ? JSON.parse(call.arguments) : {};
          } catch {
            refused = `the arguments are not JSON: ${JSON.stringify(call.arguments.slice(0, 200))}`;
          }
        }
        if (refused) {
          await deps.refuseTool(callIdx, call.name, call.arguments, refused);
          text = `error: ${refused}`;
        } else text = (await deps.runTool(callIdx, call.name, args)).text;
        text = capResult(text, maxChars);
        r.results.push({ idx: callIdx, name: call.name, text });
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: capResult(text, maxChars) });
    }
    if (r.stoppedBy === 'tool-calls' || r.toolCalls >= limits.maxToolCalls) {
      r.stoppedBy ??= 'tool-calls';
      wrapUp = true;
      messages.push({ role: 'user', content: WRAP_UP });
    }
    if (r.stoppedBy === 'time') return r;
  }
}

// A scripted OpenAI-compatible server on loopback, for every LLM test (no language model runs on
// these machines): a real HTTP server on 127.0.0.1 (port 0) speaking POST /v1/chat/completions
// and GET /v1/models. Each chat request is recorded (`requests`) and answered by the script:
// a list of replies used in order (a request past its end gets a 500 saying so, which fails
// the test loudly), or a function of the request (e.g. choose labels by the diff it carries).
// Replies: a JSON answer or raw content (malformed JSON, schema-invalid answers), an HTTP
// status (429 with Retry-After, 500, 401, ...), a hang-up (network error), any raw body (a
// proxy's HTML page), each optionally after a delay (a reply slower than the client's
// timeout). Usage figures per reply (default 100 prompt + 20 completion tokens). A 'tools' reply
// is an assistant message with tool calls (OpenAI function calling), its arguments given as an
// object (sent as JSON) or as raw text (invalid JSON, for hostile-agent tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedUsage {
  prompt: number;
  completion: number;
}

export type ScriptedReply = { delayMs?: number } & (
  | { kind: 'answer'; answer: unknown; usage?: ScriptedUsage }
  | { kind: 'content'; content: string; usage?: ScriptedUsage }
  | { kind: 'tools'; content?: string | null; calls: ScriptedToolCall[]; usage?: ScriptedUsage }
  | { kind: 'status'; status: number; retryAfter?: string; message?: string }
  | { kind: 'hang-up' }
  /** Any body, e.g. a proxy's HTML page answered with 200. */
  | { kind: 'raw'; status: number; contentType: string; body: string }
);

export interface ScriptedToolCall {
  name: string;
  /** An object is sent as its JSON text; a string as it is (it may be invalid JSON). */
  arguments: unknown;
  id?: string;
}

/** An assistant message calling tools. */
export const toolsReply = (calls: ScriptedToolCall[], usage?: ScriptedUsage, content: string | null = null): ScriptedReply => ({ kind: 'tools', calls, usage, content });

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (null for GET). */
  body: { model?: string; messages?: { role: string; /** null in an assistant message that only calls tools */ content: string; tool_call_id?: string; tool_calls?: unknown[] }[]; temperature?: number; response_format?: unknown; [k: string]: unknown } | null;
  /** The diff in the last user message's ```diff block, if any. */
  diff: string | null;
}

export type Script = ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

export interface ScriptedLlm {
  /** The API root to configure: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Chat-completion requests received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A canned rubric answer. */
export const labelsReply = (labels: string[], rationale = 'scripted answer', extra: Record<string, unknown> = {}, usage?: ScriptedUsage): ScriptedReply => ({
  kind: 'answer',
  answer: { labels, rationale, ...extra },
  usage,
});

export const statusReply = (status: number, retryAfter?: string): ScriptedReply => ({ kind: 'status', status, retryAfter });

export const MODELS = ['scripted-model'];

function diffOf(body: RecordedRequest['body']): string | null {
  const user = [...(body?.messages ?? [])].reverse().find((m) => m.role === 'user');
  const m = user && typeof user.content === 'string' && /```diff\n([\s\S]*)\n```/.exec(user.content);
  return m ? m[1] : null;
}

export async function startScriptedLlm(script: Script): Promise<ScriptedLlm> {
  const requests: RecordedRequest[] = [];
  const queue = Array.isArray(script) ? [...script] : null;
  let n = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const reply = (req: http.IncomingMessage, res: http.ServerResponse, rec: RecordedRequest, r: ScriptedReply) => {
    if (r.kind === 'hang-up') return req.socket.destroy();
    if (r.kind === 'raw') {
      res.writeHead(r.status, { 'content-type': r.contentType });
      return res.end(r.body);
    }
    if (r.kind === 'status') {
      return send(res, r.status, { error: { message: r.message ?? `scripted status ${r.status}`, type: 'scripted', code: null } }, r.retryAfter ? { 'retry-after': r.retryAfter } : {});
    }
    const usage = r.usage ?? { prompt: 100, completion: 20 };
    const index = n;
    const message =
      r.kind === 'tools'
        ? {
            role: 'assistant',
            content: r.content ?? null,
            tool_calls: r.calls.map((c, i) => ({
              id: c.id ?? `call_${index}_${i}`,
              type: 'function',
              function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
            })),
          }
        : { role: 'assistant', content: r.kind === 'answer' ? JSON.stringify(r.answer) : r.content };
    send(res, 200, {
      id: `chatcmpl-scripted-${n}`,
      object: 'chat.completion',
      created: 0,
      model: rec.body?.model ?? MODELS[0],
      choices: [{ index: 0, message, finish_reason: r.kind === 'tools' ? 'tool_calls' : 'stop', logprobs: null }],
      usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
    });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/v1/models') {
        return send(res, 200, { object: 'list', data: MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'evoscope-tests' })) });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      let body: RecordedRequest['body'] = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { error: { message: 'the body is not JSON' } });
      }
      const rec: RecordedRequest = { method: req.method, path, headers: req.headers, body, diff: diffOf(body) };
      requests.push(rec);
      const index = n++;
      const r = queue ? queue.shift() : (script as (q: RecordedRequest, i: number) => ScriptedReply)(rec, index);
      if (!r) return send(res, 500, { error: { message: `scripted server: no reply left for request ${index + 1}` } });
      if (!r.delayMs) return reply(req, res, rec, r);
      // A slow reply; the client may give up first (its timeout), then there is nothing to send.
      const timer = setTimeout(() => reply(req, res, rec, r), r.delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

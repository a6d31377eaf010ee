// Issue 15 items 4 and 5 through real HTTP and real PostgreSQL: an oversized body is refused
// with 413 before the server holds it (declared with Content-Length, or chunked with none), and
// values PostgreSQL cannot hold are refused with a 400 naming the field, the run unchanged.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createRun } from '../../app/api/ingest/runs/route';
import { POST as postPrograms } from '../../app/api/ingest/runs/[runId]/programs/route';
// The stated limit of one ingestion batch (lib/contracts/api/ingest.ts MAX_BATCH_BYTES, docs/jsonl-format.md).
const MAX_BATCH_BYTES = 64 * 1024 ** 2;
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { ingestToken } from '../../lib/db/settings';
import { serveRoutes, type RouteServer, type Router } from '../helpers/routeServer';

let server: RouteServer;
let token: string;
const runIds: string[] = [];

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  token = await ingestToken();
  server = await serveRoutes((p): ReturnType<Router> => {
    if (p === '/api/ingest/runs') return { handler: createRun as never, params: {} };
    const m = /^\/api\/ingest\/runs\/([^/]+)\/programs$/.exec(p);
    return m ? { handler: postPrograms as never, params: { runId: m[1] } } : null;
  });
});
afterAll(async () => {
  await server?.close();
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await disconnect();
});

const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function post(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  const text = JSON.stringify(body).replace('{"metadata":{}', `{"metadata":${deep}`).replace(',"metadata":{}', `,"metadata":${deep}`);
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: auth(), body: text });
  return { status: res.status, json: await res.json() };
}

async function newRun(name: string): Promise<string> {
  const { status, json } = await post('/api/ingest/runs', { name });
  expect(status).toBe(201);
  runIds.push(json.runId);
  return json.runId;
}

const count = async (runId: string) =>
  (await pool().query('SELECT count(*)::int AS n FROM programs WHERE run_id = $1', [runId])).rows[0].n as number;

/**
 * POSTs `total` bytes of a valid-looking programs batch in 1 MB writes of one reused buffer (the
 * client holds no copy), with a Content-Length or chunked, stopping once the server answers.
 */
function sendLarge(path: string, total: number, chunked: boolean): Promise<{ status: number; body: string; sent: number }> {
  const head = Buffer.from('{"programs":[');
  const record = Buffer.from(`${JSON.stringify({ id: 'x', code: 'y'.repeat(1000) })},`);
  const chunk = Buffer.concat(Array.from({ length: Math.floor((1 << 20) / record.length) }, () => record));
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { ...auth() };
    if (!chunked) headers['content-length'] = String(total);
    const req = http.request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body, sent });
        req.destroy(); // the rest of the body is not wanted
      });
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      while (!answered && sent < total) {
        const part = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request body limit (issue 15 item 4)', () => {
  for (const chunked of [false, true]) {
    it(`refuses a ${chunked ? 'chunked' : 'Content-Length'} body over the limit with 413, unread and unstored`, async () => {
      const runId = await newRun(`limit ${chunked}`);
      const before = server.bytesRead();
      const mem0 = process.memoryUsage();
      const total = MAX_BATCH_BYTES * 4; // 256 MB
      const res = await sendLarge(`/api/ingest/runs/${runId}/programs`, total, chunked);
      const mem1 = process.memoryUsage();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toMatch(/larger than this route's limit of 64 MB/);
      const read = server.bytesRead() - before;
      // Content-Length: refused before reading; chunked: abandoned at the first chunk past the limit.
      // (Slack: what the socket and stream queues had buffered when the reader gave up.)
      expect(read, 'body bytes the server read').toBeLessThan(chunked ? MAX_BATCH_BYTES + (32 << 20) : 4 << 20);
      // Holding the 256 MB body (bytes, then its text) would take several times this.
      expect(mem1.arrayBuffers + mem1.heapUsed - (mem0.arrayBuffers + mem0.heapUsed), 'memory growth').toBeLessThan(total * 0.6);
      expect(await count(runId)).toBe(0);
    });
  }

  it('refuses an oversized create-run body and a non-ingestion limit of 16 MB', async () => {
    const res = await sendLarge('/api/ingest/runs', 64 << 20, false);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toMatch(/16 MB/);
  });
});

describe('values PostgreSQL cannot hold are a 400 naming the field (issue 15 item 5)', () => {
  // Sent as text: JSON.stringify itself overflows the stack on a value 10,000 deep.
  const DEEP = {};
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['iteration of 3e9', { iteration: 3e9 }, /programs\[0\]: iteration must be an integer no larger than 2147483647/],
    ['island of 3e9', { island: 3e9 }, /programs\[0\]: island must be an integer no larger than 2147483647/],
    ['prompt_tokens of 3e9', { prompt: { prompt_tokens: 3e9 } }, /programs\[0\]: prompt\.prompt_tokens must be an integer no larger/],
    ['NUL in the program id', { id: 'p\u0000x' }, /programs\[0\]: id must be free of NUL characters/],
    ['NUL in a metrics key', { metrics: { 'a\u0000b': 1 } }, /programs\[0\]: metrics must not have a key with a NUL character/],
    ['NUL in a metadata key', { metadata: { x: { 'k\u0000': 1 } } }, /programs\[0\]: metadata\.x must not have a key with a NUL character/],
    ['lone surrogate in a metric key', { metrics: { '\udc00': 1 } }, /programs\[0\]: metrics must not have a key with a lone UTF-16 surrogate/],
    ['lone surrogate in a metric value', { metrics: { m: 'x\ud800' } }, /programs\[0\]: metrics\.m must not hold a lone UTF-16 surrogate/],
    ['metadata nested 10,000 deep', { metadata: DEEP }, /programs\[0\]: metadata\.a(\.a)+ must not be nested more than 64 levels deep/],
  ];
  for (const [what, fields, message] of cases) {
    it(`refuses ${what}`, async () => {
      const runId = await newRun(`bad ${what}`);
      const { status, json } = await post(`/api/ingest/runs/${runId}/programs`, { programs: [{ id: 'p0', code: 'x', ...fields }] });
      expect(status).toBe(400);
      expect(json.error).toMatch(message);
      expect(await count(runId)).toBe(0);
    });
  }

  it('refuses a run config with a NUL key before creating the run', async () => {
    const before = (await pool().query('SELECT count(*)::int AS n FROM runs')).rows[0].n;
    const { status, json } = await post('/api/ingest/runs', { name: 'nul config', config: { 'a\u0000': 1 } });
    expect(status).toBe(400);
    expect(json.error).toMatch(/config must not have a key with a NUL character/);
    expect((await pool().query('SELECT count(*)::int AS n FROM runs')).rows[0].n).toBe(before);
  });

  it('stores NUL, lone surrogates and invalid UTF-8 in code as U+FFFD and says so in warnings', async () => {
    const runId = await newRun('replaced code');
    const body = Buffer.concat([
      Buffer.from(JSON.stringify({ programs: [{ id: 'n', code: 'a\u0000b' }, { id: 's', code: 'a\ud800b' }, { id: 'u', code: 'a' }] }).replace('"code":"a"}]}', '"code":"a')),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}]}'),
    ]);
    const res = await fetch(`${server.url}/api/ingest/runs/${runId}/programs`, { method: 'POST', headers: auth(), body });
    const json = await res.json();
    expect(res.status).toBe(200);
    expect(json.stored).toBe(3);
    expect(json.warnings).toEqual([
      expect.stringMatching(/bytes that are not UTF-8; each was stored as U\+FFFD/),
      expect.stringMatching(/^code of "n": NUL characters \(U\+0000\) were stored as U\+FFFD/),
      expect.stringMatching(/^code of "s": lone UTF-16 surrogates/),
    ]);
    const { rows } = await pool().query(
      'SELECT p.external_id, b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY 1',
      [runId],
    );
    expect(rows.map((r) => [r.external_id, r.content])).toEqual([['n', 'a\ufffdb'], ['s', 'a\ufffdb'], ['u', 'a\ufffd\ufffd']]);
  });
});

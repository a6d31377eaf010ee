// The body rules of docs/accounts-and-security.md, held for every route under app/api (walked, so
// routes added later are covered): a write (POST, PUT, PATCH, DELETE) carrying a body not sent as
// JSON gets 415, and one declaring more bytes than the route's budget (DEFAULT_JSON_BODY_BYTES
// unless the route declares its own with handle(fn, { body: { maxBytes } })) gets 413, both from
// handle() before a byte of the body is read and before the handler runs: nothing changes.
// Routes that stream a raw upload under their own budget declare { body: 'stream' }: exactly
// the ones listed below.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JSON_BODY_BYTES, type RouteHandler } from '../../lib/http/handler';
import { pool } from '../../lib/db/client';
import { HANDLE_EXEMPT_ROUTES } from '../../lib/http/auth/authRoute';
import { apiRoutes, MUTATING, PORT, UUID } from '../helpers/apiRoutes';
import { useTestDatabase } from '../helpers/dbTest';

useTestDatabase();
const STREAMED = ['PUT app/api/imports/[importId]/batch/route.ts', 'PUT app/api/imports/[importId]/files/route.ts'];

const writes = (
  await Promise.all(
    apiRoutes()
      .filter((r) => !(r.rel in HANDLE_EXEMPT_ROUTES))
      .map(async (r) => {
        const mod = (await import(r.file)) as Record<string, RouteHandler>;
        return [...MUTATING].filter((m) => m in mod).map((m) => ({ ...r, method: m, handler: mod[m], name: `${m} ${r.rel}` }));
      }),
  )
).flat();

const snapshot = async () =>
  (
    await pool().query(
      `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM import_jobs)::int AS imports,
              (SELECT count(*) FROM audit_log)::int AS audit,
              (SELECT coalesce(string_agg(key || '=' || value::text, ',' ORDER BY key), '') FROM settings) AS settings`,
    )
  ).rows[0];

/** A body that records whether anyone pulled a byte of it. */
function watchedBody(text: string) {
  const seen = { read: false };
  // highWaterMark 0: nothing is pulled until a reader asks.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        seen.read = true;
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

async function send(w: (typeof writes)[number], headers: Record<string, string>, text: string) {
  const { stream, seen } = watchedBody(text);
  const params = Object.fromEntries([...w.rel.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => [m[1], UUID]));
  // duplex: 'half' is what undici asks of a streamed request body (not in the DOM's RequestInit yet).
  const init = { method: w.method, headers: { host: `127.0.0.1:${PORT}`, ...headers }, body: stream, duplex: 'half' };
  const req = new NextRequest(`http://127.0.0.1:${PORT}${w.url}`, init as ConstructorParameters<typeof NextRequest>[1]);
  const res = await w.handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json().catch(() => null), read: seen.read };
}

beforeAll(() => {
  process.env.PORT = PORT;
  delete process.env.HOST;
  delete process.env.EVOSCOPE_ALLOWED_HOSTS;
});

describe('the body rules of every write route', () => {
  it('finds the write routes, PATCH included', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.map((w) => w.name)).toEqual(expect.arrayContaining(['PATCH app/api/runs/[runId]/route.ts', 'POST app/api/imports/route.ts']));
  });

  it('streams raw bodies on the listed upload routes only', () => {
    expect(writes.filter((w) => w.handler.access.body === 'stream').map((w) => w.name)).toEqual(STREAMED);
  });

  const json = () => writes.filter((w) => w.handler.access.body !== 'stream');

  it.each(json().map((w) => [w.name, w] as const))('%s: text/plain gets 415 unread, changing nothing', async (_name, w) => {
    const before = await snapshot();
    const r = await send(w, { 'content-type': 'text/plain;charset=UTF-8', 'content-length': '2' }, '{}');
    expect(r.status, JSON.stringify(r.body)).toBe(415);
    expect(r.body.error).toMatch(/Content-Type: application\/json/);
    expect(r.read, 'the body was read').toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it.each(json().map((w) => [w.name, w] as const))('%s: a body over its budget gets 413 unread, changing nothing', async (_name, w) => {
    const budget = typeof w.handler.access.body === 'object' ? w.handler.access.body.maxBytes : DEFAULT_JSON_BODY_BYTES;
    const before = await snapshot();
    const r = await send(w, { 'content-type': 'application/json', 'content-length': String(budget + 1) }, '{}');
    expect(r.status, JSON.stringify(r.body)).toBe(413);
    expect(r.body.error).toMatch(/larger than this route's limit/);
    expect(r.read, 'the body was read').toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('PATCH /api/runs/<id> reads a JSON body as before', async () => {
    const w = writes.find((x) => x.name === 'PATCH app/api/runs/[runId]/route.ts')!;
    const r = await send(w, { 'content-type': 'application/json' }, JSON.stringify({ name: 'x' }));
    expect(r.status).toBe(404); // no run of that id: the body was parsed and the lookup ran
    expect(r.read).toBe(true);
  });

  it('a write without a body (a DELETE from curl, a cancel) needs no content type', async () => {
    const w = writes.find((x) => x.name === 'DELETE app/api/runs/[runId]/route.ts')!;
    const req = new NextRequest(`http://127.0.0.1:${PORT}${w.url}`, { method: 'DELETE', headers: { host: `127.0.0.1:${PORT}` } });
    expect((await w.handler(req, { params: Promise.resolve({ runId: UUID }) })).status).toBe(404);
  });
});

// GET /api/runs reads only the columns the list shows (issue 15, item 9): a run created with a
// 5 MB configuration must not make the list carry 5 MB from the database. Measured as bytes the
// process received from PostgreSQL while the route answered, whichever client (Prisma or pg)
// the list uses: every socket connected during the test is recorded (pg makes its sockets with
// `new net.Socket()` and connects them, so Node's net.client.socket channel does not see them).
import crypto from 'node:crypto';
import net from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET } from '../../app/api/runs/route';
import { disconnect, pool } from '../../lib/db/client';
import { storeImportedRuns } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';

const tag = `cols-${crypto.randomUUID().slice(0, 8)}`;
const CONFIG_BYTES = 5_000_000;
const sockets: net.Socket[] = [];
const connect = net.Socket.prototype.connect;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  const stored = await storeImportedRuns(
    [0, 1, 2].map((i) => ({
      run: { name: `${tag} ${i}`, framework: tag, scoreMetric: 'score' },
      warnings: [],
      stats: {},
      programs: [{ externalId: 'p0', code: 'x = 1\n', iteration: 0, valid: true, score: 1, metrics: { score: 1 } }],
    })),
  );
  // Written by PostgreSQL itself, so the test process never holds the 15 MB either.
  await pool().query(`UPDATE runs SET config = jsonb_build_object('notes', repeat('x', $2::int)) WHERE id = ANY($1::uuid[])`, [
    stored.map((s) => s.runId),
    CONFIG_BYTES,
  ]);
  // Start from no open connection: every byte of the list's reads comes through a watched socket.
  await disconnect();
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    sockets.push(this);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
});

afterAll(async () => {
  net.Socket.prototype.connect = connect;
  await pool().query('DELETE FROM runs WHERE framework = $1', [tag]);
  await disconnect();
});

it('lists runs with 5 MB configurations without reading them', async () => {
  const port = process.env.PORT ?? '3000';
  const req = new NextRequest(`http://127.0.0.1:${port}/api/runs?limit=200`, { headers: { host: `127.0.0.1:${port}` } });
  const res = await GET(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { runs: { name: string }[] };
  expect(body.runs.filter((r) => r.name.startsWith(tag))).toHaveLength(3);
  const received = sockets.reduce((s, sock) => s + sock.bytesRead, 0);
  expect(sockets.length).toBeGreaterThan(0);
  // Three configurations would be 15 MB; the columns shown are a few hundred bytes a run.
  expect(received).toBeLessThan(CONFIG_BYTES / 10);
});

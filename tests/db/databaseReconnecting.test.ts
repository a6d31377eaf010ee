// While PostgreSQL restarts (issue 15, item 1), API reads answer 503 "the database is reconnecting"
// instead of 500 "internal error", and a connection the server drops while idle in the pool does
// not crash the process (an unhandled 'error' event on a pg.Pool used to kill the worker).
import { NextRequest } from 'next/server';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GET as listRuns } from '../../app/api/runs/route';
import { GET as getRun } from '../../app/api/runs/[runId]/route';
import { freePort } from '../../lib/runtime/embeddedPostgres';
import { disconnect, pool } from '../../lib/db/client';

const realUrl = process.env.DATABASE_URL!;
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const get = (p: string) => new NextRequest(`http://${host}${p}`, { headers: { host } });

afterAll(async () => {
  process.env.DATABASE_URL = realUrl;
  await disconnect();
});

describe('the database away', () => {
  it('answers reads with 503 "the database is reconnecting"', async () => {
    await disconnect();
    process.env.DATABASE_URL = `postgresql://app:pw@127.0.0.1:${await freePort()}/evoscope`; // nothing listens there
    try {
      const list = await listRuns(get('/api/runs'), { params: Promise.resolve({}) });
      expect({ status: list.status, body: await list.json() }).toEqual({ status: 503, body: { error: 'the database is reconnecting' } });
      const runId = '00000000-0000-4000-8000-000000000000';
      const one = await getRun(get(`/api/runs/${runId}`), { params: Promise.resolve({ runId }) });
      expect({ status: one.status, body: await one.json() }).toEqual({ status: 503, body: { error: 'the database is reconnecting' } });
    } finally {
      await disconnect();
      process.env.DATABASE_URL = realUrl;
    }
  });

  it('survives the server dropping an idle pooled connection, and reconnects', async () => {
    const { rows } = await pool().query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: realUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await admin.end();
    // The pool sees the idle client die ('error' event) and discards it.
    const end = Date.now() + 5000;
    while (pool().totalCount > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(pool().totalCount).toBe(0);
    const again = await pool().query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});

// Evaluator limits a request may ask for are capped by the owner's maxima (Settings ·
// Re-evaluation, setting 'evaluation.limits'): an evaluator upload's timeoutSeconds and memoryMb,
// a re-evaluation's concurrency. Past a maximum: 400 naming the field and the limit; nothing stored.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { beforeAll, expect, it } from 'vitest';
import { POST as UPLOAD } from '../../app/api/runs/[runId]/evaluators/route';
import { POST as EVALUATE } from '../../app/api/runs/[runId]/evaluations/route';
import { GET as SETTINGS, PUT as SAVE_SETTINGS } from '../../app/api/settings/evaluation/route';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { useTestDatabase } from '../helpers/dbTest';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const tag = crypto.randomUUID().slice(0, 8);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const KEYS = ['evaluation.concurrency', 'evaluation.limits'];
let saved: { key: string; value: unknown }[] = [];
const { runIds } = useTestDatabase({
  after: async () => {
    await pool().query('DELETE FROM settings WHERE key = ANY($1)', [KEYS]);
    for (const s of saved) await pool().query('INSERT INTO settings (key, value) VALUES ($1, $2)', [s.key, JSON.stringify(s.value)]);
  },
});

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, params: Record<string, string>, body?: unknown) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

let runId = '';
let bareRunId = '';
const upload = (extra: Record<string, unknown>) =>
  call(UPLOAD, 'POST', `/api/runs/${runId}/evaluators`, { runId }, { files: [{ path: 'evaluator.py', content: b64('def evaluate(p):\n    return {}\n') }], ...extra });
const evaluate = (concurrency: number) => call(EVALUATE, 'POST', `/api/runs/${bareRunId}/evaluations`, { runId: bareRunId }, { scope: 'best-chain', concurrency });
const versions = async () => Number((await pool().query('SELECT count(*) FROM evaluators WHERE run_id = $1', [runId])).rows[0].count);

beforeAll(async () => {
  saved = (await pool().query('SELECT key, value FROM settings WHERE key = ANY($1)', [KEYS])).rows;
  await pool().query('DELETE FROM settings WHERE key = ANY($1)', [KEYS]);
  const make = async (name: string) =>
    (await storeImportedRun({
      run: { name: `${name}-${tag}`, framework: 'custom', language: 'python' }, warnings: [], stats: {},
      programs: [{ externalId: 'p0', code: 'x = 1\n', iteration: 0, valid: true, metrics: { combined_score: 1 } }],
    })).runId;
  runId = await make('evaluator-limits');
  bareRunId = await make('evaluator-limits-bare');
  runIds.push(runId, bareRunId);
});

it('refuses an evaluator timeout or memory past the default maxima, naming the limit', async () => {
  const day = await upload({ timeoutSeconds: 86400 });
  expect(day.status).toBe(400);
  expect(day.body.error).toMatch(/timeoutSeconds: at most 600 s on this Evoscope \(an owner sets the maximum on Settings\)/);
  const mem = await upload({ memoryMb: 65536 });
  expect(mem.status).toBe(400);
  expect(mem.body.error).toMatch(/memoryMb: at most 4096 MB/);
  expect(await versions()).toBe(0);
  expect((await upload({ timeoutSeconds: 600, memoryMb: 4096 })).status).toBe(201);
});

it("refuses a re-evaluation concurrency above the owner's default when no maximum is set", async () => {
  expect((await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: 2 })).status).toBe(200);
  const wide = await evaluate(64);
  expect(wide.status).toBe(400);
  expect(wide.body.error).toMatch(/concurrency: at most 2 sandboxes at once/);
  // Within the limit: past the limit check (this run has no evaluator, so then refused: 409, nothing stored).
  expect((await evaluate(2)).status).toBe(409);
});

it('lets an owner set the maxima on Settings, shown by GET, and applies them', async () => {
  const put = await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: 2, maxTimeoutSeconds: 30, maxMemoryMb: 1024, maxConcurrency: 8 });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const got = await call(SETTINGS, 'GET', '/api/settings/evaluation', {});
  expect(got.body).toMatchObject({ concurrency: 2, limits: { maxTimeoutSeconds: 30, maxMemoryMb: 1024, maxConcurrency: 8 } });
  expect((await upload({ timeoutSeconds: 31 })).body.error).toMatch(/timeoutSeconds: at most 30 s/);
  expect((await upload({ memoryMb: 2048 })).body.error).toMatch(/memoryMb: at most 1024 MB/);
  // Left out, the timeout and memory are the defaults, lowered to the maxima.
  const dflt = await upload({});
  expect(dflt.status).toBe(201);
  expect(dflt.body).toMatchObject({ timeoutSeconds: 30, memoryMb: 1024 });
  expect((await evaluate(9)).body.error).toMatch(/concurrency: at most 8 sandboxes/);
  expect((await evaluate(8)).status).toBe(409);
  // A maximum below the default concurrency is refused; nonsense too.
  expect((await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: 4, maxConcurrency: 3 })).body.error).toMatch(/maxConcurrency/);
  expect((await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: null, maxMemoryMb: 10 })).status).toBe(400);
  // Leaving the maxima out keeps them; null returns to the defaults.
  await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: 2 });
  expect((await call(SETTINGS, 'GET', '/api/settings/evaluation', {})).body.limits).toMatchObject({ maxTimeoutSeconds: 30 });
  await call(SAVE_SETTINGS, 'PUT', '/api/settings/evaluation', {}, { concurrency: 2, maxTimeoutSeconds: null, maxMemoryMb: null, maxConcurrency: null });
  expect((await call(SETTINGS, 'GET', '/api/settings/evaluation', {})).body.limits).toEqual({ maxTimeoutSeconds: null, maxMemoryMb: null, maxConcurrency: null });
});

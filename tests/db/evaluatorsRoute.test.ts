// /api/runs/[runId]/evaluators through the route handler: a JSON upload becomes the next version
// (origin 'upload'); hostile paths, bad base64, missing evaluators, non-JSON bodies and unknown
// runs are refused with a message naming the cause, storing nothing.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET, POST } from '../../app/api/runs/[runId]/evaluators/route';
import { disconnect, pool } from '../../lib/db/client';
import { loadEvaluator } from '../../lib/db/evaluators';
import { storeImportedRun } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';

const tag = crypto.randomUUID().slice(0, 8);
let runId: string;
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  runId = (await storeImportedRun({
    run: { name: `evaluators-route-${tag}`, framework: 'custom', language: 'cpp' }, warnings: [], stats: {},
    programs: [{ externalId: 'p0', code: 'int main(){}\n', iteration: 0, valid: true, metrics: {} }],
  })).runId;
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
  await disconnect();
});

async function post(id: string, body: unknown, type = 'application/json') {
  const req = new NextRequest(`http://${host}/api/runs/${id}/evaluators`, { method: 'POST', headers: { host, 'content-type': type }, body: JSON.stringify(body) });
  const res = await POST(req, { params: Promise.resolve({ runId: id }) });
  return { status: res.status, body: await res.json() };
}
async function list(id: string) {
  const res = await GET(new NextRequest(`http://${host}/api/runs/${id}/evaluators`, { headers: { host } }), { params: Promise.resolve({ runId: id }) });
  return { status: res.status, body: await res.json() };
}

it('stores an upload as the next version, main.cpp for a C++ run, binary files intact', async () => {
  const bin = Buffer.from([0, 255, 1, 2]);
  const res = await post(runId, {
    files: [{ path: 'evaluate.py', content: b64('import argparse\n') }, { path: 'tests/case.bin', content: b64(bin) }],
    privateFiles: [{ path: 'tests/case.bin', content: b64('private') }],
    timeoutSeconds: 5,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ version: 1, contract: 'shinka', entry: 'evaluate.py', programFile: 'main.cpp', origin: 'upload', timeoutSeconds: 5, memoryMb: 2048 });
  expect(res.body.files).toContainEqual({ path: 'tests/case.bin', bytes: 4, binary: true });
  const stored = await loadEvaluator(pool(), runId);
  expect(stored!.files['tests/case.bin'].equals(bin)).toBe(true);
  expect(stored!.privateFiles!['tests/case.bin'].toString()).toBe('private');
  const l = await list(runId);
  expect(l.status).toBe(200);
  expect(l.body.evaluators.map((e: { version: number }) => e.version)).toEqual([1]);
});

it('refuses hostile and incomplete uploads, naming the cause, storing nothing', async () => {
  const ev = { path: 'evaluator.py', content: b64('def evaluate(p):\n    return {}\n') };
  const cases: [unknown, number, RegExp][] = [
    [{ files: [ev, { path: '../../etc/cron.d/x', content: b64('x') }] }, 400, /evaluator file "..\/..\/etc\/cron.d\/x": the path must stay inside/],
    [{ files: [ev, { path: '/abs.py', content: b64('x') }] }, 400, /absolute paths are not allowed/],
    [{ files: [ev, { path: 'x.py', content: 'not base64!' }] }, 400, /x.py: content is not base64/],
    [{ files: [{ path: 'notes.txt', content: b64('x') }] }, 400, /no evaluator.py .* or evaluate.py/],
    [{ files: [ev], command: 'python3 x.py' }, 400, /must contain \{program\}/],
    [{ files: [ev], programFile: '../main.cpp' }, 400, /must be a plain file name/],
    [{ files: [] }, 400, /choose an evaluator folder/],
  ];
  for (const [body, status, message] of cases) {
    const res = await post(runId, body);
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(res.body.error).toMatch(message);
  }
  expect((await post(runId, { files: [ev] }, 'text/plain')).status).toBe(415);
  expect((await post(crypto.randomUUID(), { files: [ev] })).status).toBe(404);
  expect((await list(crypto.randomUUID())).status).toBe(404);
  expect((await list(runId)).body.evaluators).toHaveLength(1);
});

// The worker-thread reads give what a read on the main thread gives: the same objects (dropped
// fields gone, what they held reported), and the same errors naming the same file and line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { InputError } from '../files/errors';
import { JsonReadPool, readProgramFile, unwrap } from './jsonReadPool';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json-pool-'));
const pool = new JsonReadPool(2);
afterAll(() => {
  pool.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const files = [
  ['a.json', JSON.stringify({ id: 'a', code: 'x = 1\n', solution: 'x = 1\n', prompts: { diff_user: { user: 'u' } }, metrics: { s: 1 } })],
  ['b.json', '{"id": "b", "metrics": {"score": -Infinity, "other": NaN}}'],
  ['c.json', '{"id": "c",\n "code": '],
  ['d.json', '[1, 2]'],
  ['e.json', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
].map(([name, text]) => {
  fs.writeFileSync(path.join(tmp, name as string), text);
  return { abs: path.join(tmp, name as string), rel: `programs/${name}` };
});
files.push({ abs: path.join(tmp, 'missing.json'), rel: 'programs/missing.json' });

const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: e instanceof InputError ? `InputError ${e.code}: ${e.message}` : `${(e as Error).message} ${(e as NodeJS.ErrnoException).code}` };
  }
};

it('reads on worker threads exactly as on the main thread, errors included', async () => {
  const drop = ['code', 'solution', 'prompts'];
  // Many chunks over both workers, in order.
  const many = Array.from({ length: 300 }, (_, k) => files[k % files.length]);
  const pooled = await pool.read(many, drop);
  const here = await Promise.all(many.map((f) => readProgramFile(f.abs, f.rel, new Set(drop))));
  expect(pooled.map((r) => outcome(() => unwrap(r)))).toEqual(here.map((r) => outcome(() => unwrap(r))));
  const a = unwrap(pooled[0]);
  expect(a).toEqual({ obj: { id: 'a', metrics: { s: 1 } }, hasCode: true, hasPrompts: true });
  expect(unwrap(pooled[1]).obj.metrics).toEqual({ score: Number.NEGATIVE_INFINITY, other: Number.NaN });
  expect(() => unwrap(pooled[2])).toThrow(/programs\/c\.json:2/);
  expect(() => unwrap(pooled[3])).toThrow(InputError);
  expect(() => unwrap(pooled[4])).toThrow(/programs\/e\.json/);
  expect(() => unwrap(pooled[5])).toThrow(/ENOENT/);
});

it('a field repeating the code whole does not travel from the worker, and is read back as the code', async () => {
  const code = 'def solve(state):\n' + '    x = step(state, 0.37)\n'.repeat(10);
  const file = path.join(tmp, 's.json');
  fs.writeFileSync(file, JSON.stringify({ id: 's', code, solution: code, other: `${code}#`, metrics: {} }));
  const [raw] = await pool.read([{ abs: file, rel: 'programs/s.json' }], []);
  // What crossed from the worker: no second copy of the source, the key that held one named.
  expect('obj' in raw && raw.obj.solution).toBe(undefined);
  expect('obj' in raw && raw.codeCopies).toEqual(['solution']);
  expect(unwrap(raw).obj).toEqual({ id: 's', code, solution: code, other: `${code}#`, metrics: {} });
});

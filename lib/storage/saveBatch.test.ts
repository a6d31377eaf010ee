// saveBatch on a real disk (a temporary data folder), without a database: the budget and the
// placement are the plain ones (the route's, under the import's row lock, are in
// tests/db/uploadBatch.test.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBatch } from '../contracts/batchFrame';
import { saveBatch } from './saveBatch';
import { folderRoot, uploadDir } from './storage';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-savebatch-'));
  process.env.EVOSCOPE_DATA_DIR = dataDir;
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.EVOSCOPE_DATA_DIR;
});

const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const batch = (files: [string, string][]) =>
  Buffer.concat(
    encodeBatch(
      files.map(([p, text]) => {
        const data = Buffer.from(text);
        return { header: { path: p, size: data.length, sha256: sha(data) }, data };
      }),
    ),
  );
async function* once(b: Uint8Array) {
  yield b;
}
const budget = () => {
  const taken: number[] = [];
  return { taken, take: async (n: number) => void taken.push(n) };
};
/** Every file under the import's folders, with its text. */
const stored = (id: string) =>
  Object.fromEntries(
    (fs.readdirSync(uploadDir(id), { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => [path.relative(uploadDir(id), path.join(d.parentPath, d.name)), fs.readFileSync(path.join(d.parentPath, d.name), 'utf8')]),
  );

describe('saveBatch', () => {
  it('stores every file of a batch under files/, and nothing else', async () => {
    const id = crypto.randomUUID();
    const b = budget();
    const saved = await saveBatch(id, once(batch([['run/a.json', '{}'], ['run/sub/b.py', 'x = 1\n']])), b);
    expect(saved).toEqual({ added: 2, alreadyUploaded: 0, bytes: 8, repeatedBytes: 0 });
    expect(b.taken).toEqual([2, 6]);
    expect(stored(id)).toEqual({ 'files/run/a.json': '{}', 'files/run/sub/b.py': 'x = 1\n' });
  });

  it('a retried batch is kept once; a duplicate with the same bytes in one batch too', async () => {
    const id = crypto.randomUUID();
    const files: [string, string][] = [['a.txt', 'one'], ['b.txt', 'two']];
    await saveBatch(id, once(batch(files)), budget());
    expect(await saveBatch(id, once(batch(files)), budget())).toEqual({ added: 0, alreadyUploaded: 2, bytes: 0, repeatedBytes: 6 });
    expect(await saveBatch(id, once(batch([['c.txt', 'x'], ['c.txt', 'x']])), budget())).toEqual({ added: 1, alreadyUploaded: 1, bytes: 1, repeatedBytes: 1 });
    expect(stored(id)).toEqual({ 'files/a.txt': 'one', 'files/b.txt': 'two', 'files/c.txt': 'x' });
  });

  it('different bytes under a stored name refuse the whole batch and keep the first file', async () => {
    const id = crypto.randomUUID();
    await saveBatch(id, once(batch([['a.txt', 'first']])), budget());
    await expect(saveBatch(id, once(batch([['new.txt', 'n'], ['a.txt', 'second']])), budget())).rejects.toThrow(
      /^a\.txt: a different file was already uploaded under this name; the first one is kept/,
    );
    await expect(saveBatch(id, once(batch([['d.txt', '1'], ['d.txt', '2']])), budget())).rejects.toMatchObject({ code: 'duplicate-entry' });
    expect(stored(id)).toEqual({ 'files/a.txt': 'first' }); // nothing of either refused batch, no temporary file
  });

  it('refuses a path that climbs out, or is absolute, before writing anything', async () => {
    const id = crypto.randomUUID();
    await expect(saveBatch(id, once(batch([['ok.txt', 'x'], ['../../evil.txt', 'x']])), budget())).rejects.toMatchObject({ code: 'zip-slip', file: '../../evil.txt' });
    await expect(saveBatch(id, once(batch([['/etc/evil', 'x']])), budget())).rejects.toMatchObject({ code: 'absolute-path' });
    await expect(saveBatch(id, once(batch([['a/..', 'x']])), budget())).rejects.toMatchObject({ code: 'invalid-path' });
    expect(stored(id)).toEqual({});
    expect(fs.existsSync(path.join(dataDir, 'evil.txt')) || fs.existsSync(path.join(uploadDir(id), 'evil.txt'))).toBe(false);
  });

  it('a truncated batch stores nothing', async () => {
    const id = crypto.randomUUID();
    const b = batch([['a.txt', 'hello'], ['b.txt', 'world']]);
    await expect(saveBatch(id, once(b.subarray(0, b.length - 3)), budget())).rejects.toMatchObject({ code: 'truncated' });
    expect(stored(id)).toEqual({});
  });

  it('a budget that refuses stops the batch, storing nothing', async () => {
    const id = crypto.randomUUID();
    const refuse = { take: async (n: number, file?: string) => { if (n > 3) throw Object.assign(new Error(`${file}: too large`), { code: 'too-large' }); } };
    await expect(saveBatch(id, once(batch([['a.txt', 'ab'], ['b.txt', 'abcdef']])), refuse)).rejects.toThrow(/b\.txt: too large/);
    expect(stored(id)).toEqual({});
    expect(fs.existsSync(folderRoot(id))).toBe(false);
  });
});

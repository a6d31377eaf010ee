import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BATCH_MAGIC, MAX_BATCH_ENTRY_BYTES, encodeBatch } from '../contracts/batchFrame';
import { readBatchFrames } from './batchFrames';

const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const file = (path: string, text: string, opts: { hash?: boolean; size?: number } = {}) => {
  const data = new TextEncoder().encode(text);
  return { header: { path, size: opts.size ?? data.length, ...(opts.hash === false ? {} : { sha256: sha(data) }) }, data };
};
const body = (entries: ReturnType<typeof file>[]) => Buffer.concat(encodeBatch(entries));

/** The body cut into chunks of `size` bytes, as a network delivers it. */
async function* chunks(b: Uint8Array, size = 7) {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function read(b: Uint8Array, size?: number) {
  const out: { path: string; text: string; sha256: string }[] = [];
  for await (const e of readBatchFrames(chunks(b, size))) out.push({ path: e.path, text: e.data.toString(), sha256: e.sha256 });
  return out;
}

describe('readBatchFrames', () => {
  it('reads every entry with its hash, whatever the chunking', async () => {
    const b = body([file('run/a.json', '{"a":1}'), file('run/empty.txt', ''), file('run/b.py', 'x = 2\n', { hash: false })]);
    for (const size of [1, 7, 4096]) {
      const got = await read(b, size);
      expect(got.map((e) => [e.path, e.text])).toEqual([['run/a.json', '{"a":1}'], ['run/empty.txt', ''], ['run/b.py', 'x = 2\n']]);
      expect(got[2].sha256).toBe(sha(Buffer.from('x = 2\n')));
    }
  });

  it('an empty batch is just the magic and the end mark', async () => {
    expect(await read(body([]))).toEqual([]);
  });

  it('refuses a body that is not a batch', async () => {
    await expect(read(Buffer.from('{"json": true}'))).rejects.toThrow(/not an upload batch/);
  });

  it('refuses a truncated body, at any cut, naming the entry', async () => {
    const b = body([file('a.txt', 'hello'), file('b.txt', 'world')]);
    for (let cut = BATCH_MAGIC.length; cut < b.length; cut++) {
      await expect(read(b.subarray(0, cut)), `cut at ${cut}`).rejects.toMatchObject({ code: 'truncated' });
    }
    await expect(read(b.subarray(0, b.length - 6))).rejects.toThrow(/^b\.txt: the upload batch ended early/);
  });

  it('refuses a size that lies, by the hash or by the next header', async () => {
    // Says 3 bytes, sends 5: the hash of the 3 read does not match.
    await expect(read(body([file('a.txt', 'hello', { size: 3 })]))).rejects.toThrow(/^a\.txt: the bytes received do not match the SHA-256/);
    // Without a hash, the next "header" is file bytes: refused, naming the entry before it.
    await expect(read(body([file('a.txt', 'hello', { size: 3, hash: false }), file('b.txt', 'x')]))).rejects.toThrow(/^a\.txt: an entry header of \d+ bytes/);
    // Says 9 bytes, sends 5: the entry runs into the end mark and past the end.
    await expect(read(body([file('a.txt', 'hello', { size: 9, hash: false })]))).rejects.toMatchObject({ code: 'truncated' });
  });

  it('refuses a header that is not valid', async () => {
    const bad = (header: unknown) => {
      const h = Buffer.from(JSON.stringify(header));
      const len = Buffer.alloc(4);
      len.writeUInt32BE(h.length);
      return Buffer.concat([Buffer.from(BATCH_MAGIC), len, h, Buffer.alloc(4)]);
    };
    await expect(read(bad({ path: 'a', size: -1 }))).rejects.toThrow(/^a: invalid entry header \(size/);
    await expect(read(bad({ path: 'a', size: MAX_BATCH_ENTRY_BYTES + 1 }))).rejects.toThrow(/invalid entry header/);
    await expect(read(bad({ path: 'a', size: 0, mode: 0o777 }))).rejects.toThrow(/invalid entry header/);
    await expect(read(bad({ path: 'a', size: 0, sha256: 'XYZ' }))).rejects.toThrow(/sha256/);
  });

  it('refuses bytes after the end mark', async () => {
    await expect(read(Buffer.concat([body([file('a', 'x')]), Buffer.from('more')]))).rejects.toThrow(/bytes after the end/);
  });
});

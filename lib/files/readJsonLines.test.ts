import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from './errors';
import { readJsonLines } from './readJsonLines';
import { makeTempDir, openFds } from './testArchives';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function put(name: string, data: string | Buffer): string {
  const abs = path.join(tmp, name);
  fs.writeFileSync(abs, data);
  return abs;
}

async function collect(abs: string, rel: string, opts?: Parameters<typeof readJsonLines>[2]) {
  const got: { line: number; value: unknown }[] = [];
  let error: unknown = null;
  try {
    for await (const r of readJsonLines(abs, rel, opts)) got.push(r);
  } catch (e) {
    error = e;
  }
  return { got, error: error as InputError | null };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ i, text: `record ${i}` })).join('\n');

describe('readJsonLines', () => {
  it('yields each record with its line number, skipping blank lines, CRLF and a trailing newline', async () => {
    const abs = put('ok.jsonl', '\uFEFF{"a":1}\r\n\n   \n{"b":2}\n[3]\n');
    const { got, error } = await collect(abs, 'run/ok.jsonl');
    expect(error).toBeNull();
    expect(got).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { b: 2 } },
      { line: 5, value: [3] },
    ]);
  });

  it('reads a last line without a newline, and records split across read chunks', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024); // longer than one 1 MiB read
    const abs = put('split.jsonl', `{"a":"${big}"}\n{"b":1}`);
    const { got } = await collect(abs, 'split.jsonl');
    expect(got.map((r) => r.line)).toEqual([1, 2]);
    expect((got[0].value as { a: string }).a.length).toBe(big.length);
  });

  it('reports a bad line 3 with file and line, after yielding lines 1 and 2', async () => {
    const abs = put('bad.jsonl', '{"a":1}\n{"a":2}\n{"a":3,,}\n{"a":4}\n');
    const { got, error } = await collect(abs, 'run/bad.jsonl');
    expect(got.map((r) => r.line)).toEqual([1, 2]);
    expect(error).toBeInstanceOf(InputError);
    expect(error?.code).toBe('json-syntax');
    expect(error?.line).toBe(3);
    expect(error?.message).toMatch(/^run\/bad\.jsonl:3: invalid JSON/);
  });

  it('reports invalid UTF-8 with the line', async () => {
    const abs = put('utf.jsonl', Buffer.concat([Buffer.from('{"a":1}\n{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n')]));
    const { error } = await collect(abs, 'utf.jsonl');
    expect(error?.code).toBe('invalid-utf8');
    expect(error?.message).toMatch(/^utf\.jsonl:2: invalid UTF-8/);
  });

  it('refuses a line over maxLineBytes without buffering the rest', async () => {
    const abs = put('long.jsonl', `{"a":1}\n"${'y'.repeat(5000)}"\n{"a":3}\n`);
    const { got, error } = await collect(abs, 'long.jsonl', { maxLineBytes: 1000 });
    expect(got).toHaveLength(1);
    expect(error?.code).toBe('line-too-long');
    expect(error?.line).toBe(2);
    expect(error?.message).toContain('long.jsonl:2:');
  });

  it('reads .jsonl.gz (recognised by content)', async () => {
    const abs = put('records.jsonl.gz', zlib.gzipSync(lines(1000)));
    const { got, error } = await collect(abs, 'records.jsonl.gz');
    expect(error).toBeNull();
    expect(got).toHaveLength(1000);
    expect(got[999]).toEqual({ line: 1000, value: { i: 999, text: 'record 999' } });
  });

  it('reports a truncated .jsonl.gz by file name, after the lines it could read', async () => {
    const gz = zlib.gzipSync(lines(20_000));
    const abs = put('cut.jsonl.gz', gz.subarray(0, Math.floor(gz.length * 0.7)));
    const { got, error } = await collect(abs, 'run/cut.jsonl.gz');
    expect(got.length).toBeGreaterThan(1000);
    expect(got.length).toBeLessThan(20_000);
    expect(error?.code).toBe('truncated');
    expect(error?.file).toBe('run/cut.jsonl.gz');
    expect(error?.message).toMatch(/^run\/cut\.jsonl\.gz: compressed data ends unexpectedly after line \d+/);
  });

  it('closes the file when the caller stops early or on error', async () => {
    const abs = put('many.jsonl.gz', zlib.gzipSync(lines(50_000)));
    for await (const r of readJsonLines(abs, 'many.jsonl.gz')) if (r.line === 10) break;
    await collect(put('bad2.jsonl', '{"a":1}\nnope\n'), 'bad2.jsonl');
    expect(openFds().filter((f) => f.startsWith(tmp))).toEqual([]);
  });
});

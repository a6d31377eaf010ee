import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from './errors';
import { readJsonObject, readJsonValue } from './readJson';
import { makeTempDir } from './testArchives';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function put(name: string, data: string | Buffer): string {
  const abs = path.join(tmp, name);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, data);
  return abs;
}

async function failure(p: Promise<unknown>): Promise<InputError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
}

describe('readJsonObject', () => {
  it('reads an object, stripping a BOM', async () => {
    const abs = put('ok.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"id": "p1", "score": 0.5, "name": "é"}')]));
    expect(await readJsonObject(abs, 'run/ok.json')).toEqual({ id: 'p1', score: 0.5, name: 'é' });
  });

  it('refuses an array: json-not-object', async () => {
    const e = await failure(readJsonObject(put('list.json', '[1, 2]'), 'run/list.json'));
    expect(e.code).toBe('json-not-object');
    expect(e.message).toBe('run/list.json: expected a JSON object, found an array');
    expect((await failure(readJsonObject(put('null.json', 'null'), 'null.json'))).message).toContain('found null');
    expect((await failure(readJsonObject(put('str.json', '"x"'), 'str.json'))).message).toContain('found a string');
  });

  it('reports a truncated object with the file and its last line', async () => {
    const e = await failure(readJsonObject(put('cut.json', '{\n  "id": "p1",\n  "code": "def f(\n'), 'run/cut.json'));
    expect(e.code).toBe('json-syntax');
    expect(e.file).toBe('run/cut.json');
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/^run\/cut\.json:3: invalid JSON: /);
  });

  it('reports the line of a syntax error when the parser gives a position', async () => {
    const e = await failure(readJsonObject(put('bad.json', '{\n  "a": 1,\n  "b": 2\n  "c": 3\n}'), 'bad.json'));
    expect(e.code).toBe('json-syntax');
    expect(e.line).toBe(4);
    expect(e.message).toContain('bad.json:4:');
  });

  it('refuses invalid UTF-8, naming file and line', async () => {
    const bytes = Buffer.concat([Buffer.from('{\n"a": "ok",\n"b": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n}')]);
    const e = await failure(readJsonObject(put('latin.json', bytes), 'run/latin.json'));
    expect(e.code).toBe('invalid-utf8');
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/^run\/latin\.json:3: invalid UTF-8 \(byte 0xc3 at offset 19\)$/);
  });

  it('refuses a file above maxBytes without reading it', async () => {
    const abs = put('big.json', `{"x": "${'a'.repeat(2000)}"}`);
    const e = await failure(readJsonObject(abs, 'run/big.json', { maxBytes: 1024 }));
    expect(e.code).toBe('value-too-large');
    expect(e.message).toContain('run/big.json');
    expect(e.message).toContain('2.0 KiB');
    expect(e.message).toContain('1.0 KiB limit');
  });

  it('uses a custom parser (e.g. Python JSON with NaN)', async () => {
    const parse = (t: string) => JSON.parse(t.replace(/NaN/g, 'null'));
    expect(await readJsonObject(put('nan.json', '{"score": NaN}'), 'nan.json', { parse })).toEqual({ score: null });
  });
});

describe('readJsonValue', () => {
  it('reads any JSON value, with the same checks', async () => {
    expect(await readJsonValue(put('list2.json', '[{"a": 1}, 2]'), 'list2.json')).toEqual([{ a: 1 }, 2]);
    expect((await failure(readJsonValue(put('empty.json', ''), 'empty.json'))).code).toBe('json-syntax');
    expect((await failure(readJsonValue(put('big2.json', '[1,2,3]'), 'big2.json', { maxBytes: 3 }))).code).toBe('value-too-large');
  });
});

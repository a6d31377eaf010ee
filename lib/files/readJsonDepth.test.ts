// Issue 15 item 6: JSON nested 100,000 deep must fail as bad input naming the file and line,
// not as a bare "RangeError: Maximum call stack size exceeded" from code that recurses later.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { readRunsFromPath } from '../importers/index';
import { readRunsFromInput } from '../services/import/importPipeline';
import { JsonTooDeepError } from './jsonDepth';
import { parsePythonJson } from '../importers/pythonJson';
import { InputError } from './errors';
import { MAX_JSON_NESTING, readJsonValue } from './readJson';
import { readJsonLines } from './readJsonLines';
import { makeTempDir } from './testArchives';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const put = (name: string, data: string) => {
  const abs = path.join(tmp, name);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, data);
  return abs;
};
const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
// Deep value on line 3, after a string holding brackets the line finder must skip.
const deepFile = (n: number) => `{\n  "note": "[[{{ not nesting",\n  "deep": ${nested(n)}\n}\n`;

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
};

describe('JSON nesting depth', () => {
  it('refuses a file nested 100,000 deep, naming file and line', async () => {
    const e = await failure(readJsonValue(put('deep.json', deepFile(100_000)), 'run/deep.json'));
    expect(e.code).toBe('json-too-deep');
    expect(e.message).toBe(`run/deep.json:3: JSON nested more than ${MAX_JSON_NESTING} levels deep`);
  });

  it('refuses it through a parser with a reviver (Python JSON) too', async () => {
    const e = await failure(readJsonValue(put('deep-py.json', deepFile(100_000)), 'run/deep-py.json', { parse: parsePythonJson }));
    expect(e.message).toBe(`run/deep-py.json:3: JSON nested more than ${MAX_JSON_NESTING} levels deep`);
  });

  it('accepts nesting up to the limit', async () => {
    // The object itself is one level, "deep" adds the rest.
    const ok = await readJsonValue(put('ok.json', deepFile(MAX_JSON_NESTING - 1)), 'ok.json');
    expect(ok).toMatchObject({ note: '[[{{ not nesting' });
    await failure(readJsonValue(put('over.json', deepFile(MAX_JSON_NESTING)), 'over.json'));
  });

  it('names the line of a deep record in a JSONL file', async () => {
    const abs = put('rows.jsonl', `{"id": 1}\n{"id": 2, "x": ${nested(100_000)}}\n`);
    const e = await failure((async () => {
      for await (const _ of readJsonLines(abs, 'run/rows.jsonl')) void _;
    })());
    expect(e.message).toBe(`run/rows.jsonl:2: JSON nested more than ${MAX_JSON_NESTING} levels deep`);
  });

  it('fails an import of a run holding such a file with its name, not a stack trace', async () => {
    const root = path.join(tmp, 'evo');
    put('evo/checkpoints/checkpoint_1/metadata.json', JSON.stringify({ islands: [['a']], last_iteration: 1 }));
    put('evo/checkpoints/checkpoint_1/programs/a.json', `{"id": "a", "code": "x", "metrics": ${nested(100_000)}}`);
    const e = await readRunsFromPath(root).then(() => null, (err: Error) => err);
    expect(e?.message).toBe(`checkpoints/checkpoint_1/programs/a.json:1: JSON nested more than ${MAX_JSON_NESTING} levels deep`);
  });

  it('names the file inside an archive too', async () => {
    const src = path.join(tmp, 'arch');
    put('arch/evo/checkpoints/checkpoint_1/metadata.json', JSON.stringify({ islands: [['a']], last_iteration: 1 }));
    put('arch/evo/checkpoints/checkpoint_1/programs/a.json', `{"id": "a",\n "code": "x",\n "metrics": ${nested(100_000)}}`);
    const archive = path.join(tmp, 'evo.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: src, portable: true }, ['evo']);
    const e = await readRunsFromInput(archive, { label: 'evo.tar.gz', workDir: tmp }).then(() => null, (err: Error) => err);
    expect(e?.message).toBe(`evo/checkpoints/checkpoint_1/programs/a.json:3: JSON nested more than ${MAX_JSON_NESTING} levels deep`);
  });

  it('bounds JSON parsed outside the reader (artifacts, prompt blobs) as a SyntaxError, not a RangeError', () => {
    for (const text of [nested(100_000), `[NaN, ${nested(100_000)}]`, nested(MAX_JSON_NESTING + 1)]) {
      expect(() => parsePythonJson(text)).toThrow(JsonTooDeepError);
      expect(() => parsePythonJson(text)).toThrow(SyntaxError);
    }
    expect(parsePythonJson(`[NaN, ${nested(MAX_JSON_NESTING - 1)}]`)).toHaveLength(2);
  });
});

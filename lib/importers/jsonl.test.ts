import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, programRecordSchema, runRecordSchema, type ProgramRecord } from '../trace/schema';
import { jsonlFormat, readJsonlRun } from './jsonl';

let tmp: string;
function write(rel: string, lines: (string | object)[]) {
  const file = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-jsonl-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const header = { evoscope_run: { name: 'demo', framework: 'myevo', task: 'tsp', language: 'python', score_metric: 'tour_score', model: { name: 'gpt-x' } } };
const good = [
  header,
  { id: 'p0', parent_ids: [], iteration: 0, code: 'def f(): return 0', metrics: { tour_score: 0.1 }, island: 0, timestamp: 1712345678.0 },
  '',
  { id: 'p1', parent_ids: ['p0'], iteration: 1, code: 'def f(): return 1', metrics: { tour_score: 0.7, len: 3 }, operator: 'mutation',
    prompt: { system: 'sys', user: 'improve f', response: '```python\ndef f(): return 1\n```', model: 'gpt-x', prompt_tokens: 12, completion_tokens: 8, cost: 0.001 } },
  { id: 'p2', parent_ids: ['p0', 'p1'], iteration: 2, code: 'def f(): raise', score: '-inf', error: 'Traceback: boom', operator: 'crossover', timestamp: '2024-04-05T19:34:38Z' },
  { id: 'p3', parent_ids: ['gone'], code: 'def f(): return 3', score: 0.9, valid: true, metadata: { note: 'hand-made' } },
];

describe('Evoscope JSONL', () => {
  let programs: ProgramRecord[];
  const byId = (id: string) => programs.find((p) => p.externalId === id) as ProgramRecord;

  it('reads the header and every record into schema-valid records', async () => {
    const r = await readJsonlRun(write('run/programs.jsonl', good));
    programs = r.programs;
    expect(r.run).toMatchObject({ name: 'demo', framework: 'myevo', task: 'tsp', language: 'python', scoreMetric: 'tour_score', higherIsBetter: true, modelConfig: { name: 'gpt-x' }, sourceKind: 'file' });
    expect(programs.map((p) => p.externalId)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(runRecordSchema.safeParse(r.run).success).toBe(true);
    for (const p of programs) expect(programRecordSchema.safeParse(p).success).toBe(true);
    expect(r.stats).toMatchObject({ programs: 4, edges: 4, ghostParents: 1, invalidPrograms: 1, programsWithPrompts: 1 });
    // Who made each program (issue 22): the operator, and the prompt's model, tokens and cost.
    expect(byId('p1').origin).toEqual({ model: 'gpt-x', operator: 'mutation', promptTokens: 12, completionTokens: 8, cost: 0.001 });
    expect(byId('p2').origin).toEqual({ model: null, operator: 'crossover', promptTokens: null, completionTokens: null, cost: null });
    expect(byId('p0').origin ?? null).toBeNull();
  });

  it('maps scores, validity, lineage, prompts and times', () => {
    expect(byId('p0')).toMatchObject({ score: 0.1, valid: true, island: 0, timestamp: 1712345678, language: 'python', iteration: 0 });
    expect(byId('p1')).toMatchObject({ score: 0.7, parents: [{ externalId: 'p0', operator: 'mutation' }] });
    expect(byId('p1').contexts).toEqual([{ kind: 'mutation', system: 'sys', user: 'improve f', response: '```python\ndef f(): return 1\n```', model: 'gpt-x', promptTokens: 12, completionTokens: 8, cost: 0.001 }]);
    expect(byId('p2')).toMatchObject({
      valid: false, score: null, invalidReason: 'error: Traceback: boom', timestamp: 1712345678, metrics: { tour_score: -Infinity },
      parents: [{ externalId: 'p0', operator: 'crossover' }, { externalId: 'p1', operator: 'crossover' }],
      evaluation: { status: 'failed', errors: 'Traceback: boom' },
    });
    expect(byId('p3')).toMatchObject({ valid: true, score: 0.9, iteration: 3, metadata: { note: 'hand-made' }, parents: [{ externalId: 'gone', operator: null }] });
  });

  it('keeps parents that are not in the file as ghosts, with warnings', async () => {
    const r = await readJsonlRun(path.join(tmp, 'run'));
    expect(r.warnings).toEqual([
      expect.objectContaining({ code: 'lineage-unknown', count: 1, message: expect.stringContaining('"gone"') }),
      expect.objectContaining({ code: 'iteration-from-position', count: 1 }),
    ]);
  });

  it('reports a bad line with its number', async () => {
    const lines: (string | object)[] = [...good];
    lines.splice(3, 0, { id: 'p9', code: 'x', parent_ids: 'p0' }); // file line 4
    const file = write('bad/programs.jsonl', lines);
    const err = await readJsonlRun(file).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toBe('programs.jsonl:4: parent_ids must be an array of strings');
    write('bad2.jsonl', [{ id: 'a', code: 'x' }, '{"id": "b", "code": ']);
    await expect(readJsonlRun(path.join(tmp, 'bad2.jsonl'))).rejects.toThrow(/^bad2\.jsonl:2: invalid JSON/);
    write('bad3.jsonl', [{ id: 'a', code: 'x', parent_id: 'z' }]);
    await expect(readJsonlRun(path.join(tmp, 'bad3.jsonl'))).rejects.toThrow('bad3.jsonl:1: unknown key "parent_id" (put free-form data in "metadata")');
    write('bad4.jsonl', [{ id: 'a', code: 'x', iteration: -1 }]);
    await expect(readJsonlRun(path.join(tmp, 'bad4.jsonl'))).rejects.toThrow('bad4.jsonl:1: iteration must be a non-negative integer');
    write('bad5.jsonl', [{ id: 'a', code: 'x' }, header]);
    await expect(readJsonlRun(path.join(tmp, 'bad5.jsonl'))).rejects.toThrow('bad5.jsonl:2: the evoscope_run header must be the first line');
    write('bad6.jsonl', [{ id: 'a', code: 'x', score: 'high' }]);
    await expect(readJsonlRun(path.join(tmp, 'bad6.jsonl'))).rejects.toThrow('bad6.jsonl:1: score must be a number, "inf", "-inf" or "nan"');
  });

  it('rejects duplicate ids', async () => {
    const file = write('dup.jsonl', [{ id: 'a', code: 'x', score: 1 }, { id: 'b', code: 'y', score: 2 }, { id: 'a', code: 'z', score: 3 }]);
    await expect(readJsonlRun(file)).rejects.toThrow('dup.jsonl:3: duplicate id "a" (first on line 1)');
  });

  it('needs no header, and accepts Python NaN', async () => {
    const file = path.join(tmp, 'plain.jsonl');
    fs.writeFileSync(file, '{"id": "a", "code": "x", "metrics": {"score": NaN}}\n{"id": "b", "code": "y", "score": 2, "parent_ids": ["a"]}');
    const r = await readJsonlRun(file);
    expect(r.run).toMatchObject({ name: 'plain', framework: 'jsonl', scoreMetric: 'score', language: null });
    expect(r.programs.map((p) => [p.externalId, p.valid, p.score, p.iteration])).toEqual([['a', false, null, 0], ['b', true, 2, 1]]);
    expect(r.programs[1].metrics).toEqual({ score: 2 });
  });

  it('detects .jsonl files and folders with one programs.jsonl / evoscope.jsonl', async () => {
    expect(await jsonlFormat.detect(path.join(tmp, 'run'))).toBe(true);
    expect(await jsonlFormat.detect(path.join(tmp, 'run', 'programs.jsonl'))).toBe(true);
    expect(await jsonlFormat.detect(path.join(tmp, 'dup.jsonl'))).toBe(true);
    const headerOnly = write('h/evoscope.jsonl', ['', header]);
    expect(await jsonlFormat.detect(headerOnly)).toBe(true);
    expect(await jsonlFormat.detect(write('other.jsonl', [{ role: 'client', content: 'hi' }]))).toBe(false);
    write('both/programs.jsonl', [{ id: 'a', code: 'x' }]);
    write('both/evoscope.jsonl', [{ id: 'a', code: 'x' }]);
    expect(await jsonlFormat.detect(path.join(tmp, 'both'))).toBe(false);
    expect(await jsonlFormat.detect(path.join(tmp, 'missing.jsonl'))).toBe(false);
  });

  it('imports the complete example of docs/jsonl-format.md', async () => {
    const doc = fs.readFileSync(path.resolve('docs/jsonl-format.md'), 'utf8');
    const example = /## A complete example[\s\S]*?```jsonl\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    fs.writeFileSync(path.join(tmp, 'doc-example.jsonl'), example!);
    const r = await readJsonlRun(path.join(tmp, 'doc-example.jsonl'));
    expect(r.run).toMatchObject({ name: 'demo', framework: 'myevo', scoreMetric: 'tour_score' });
    expect(r.programs.map((p) => [p.externalId, p.valid, p.score])).toEqual([['p0', true, 0.41], ['p1', true, 0.72], ['p2', false, null], ['p3', true, 0.81]]);
    expect(r.warnings).toEqual([]);
  });
});

describe('Evoscope JSONL search-state lines', () => {
  it('imports the search-state example of docs/jsonl-format.md after the complete example', async () => {
    const doc = fs.readFileSync(path.resolve('docs/jsonl-format.md'), 'utf8');
    const state = /## The search's own state[\s\S]*?```jsonl\n([\s\S]*?)```/.exec(doc)?.[1];
    const example = /## A complete example[\s\S]*?```jsonl\n([\s\S]*?)```/.exec(doc)?.[1];
    fs.writeFileSync(path.join(tmp, 'doc-state.jsonl'), example! + state!);
    const r = await readJsonlRun(path.join(tmp, 'doc-state.jsonl'));
    expect(r.searchState).toMatchObject({
      config: { num_islands: 2, functions_per_prompt: 2 },
      snapshots: [{ at: { iteration: 10, stored: 2 } }],
      events: [{ kind: 'reset', island: 1, donorIsland: 0 }],
      counters: [{ values: { iterations: 20, cumulative_cost: 0.05 } }],
    });
  });

  it('reads database config, snapshots, events, counters and missing into searchState', async () => {
    const r = await readJsonlRun(write('state/programs.jsonl', [
      header,
      { database_config: { num_islands: 2, functions_per_prompt: 2 } },
      { id: 'p0', iteration: 0, code: 'a', score: 0.5, island: 0, scores_per_test: { t1: 0.5 }, output_hash: 'h0' },
      { database_snapshot: { at: { iteration: 0, stored: 1 }, islands: [{ island: 0, size: 1, bestScore: 0.5, bestProgram: 'p0', clusters: [{ scoresPerTest: { t1: 0.5 }, programs: ['p0'] }] }] } },
      { database_event: { kind: 'migration', at: { timestamp: 1712345678 }, fromIsland: 0, toIsland: 1, program: 'p0' } },
      { database_counters: { at: { iteration: 0 }, values: { iterations: 1, cumulative_input_tokens: 120 } } },
      { database_missing: { resets: 'this search never resets islands' } },
      { database_config: { num_islands: 3 } },
    ]));
    expect(r.programs.map((p) => p.externalId)).toEqual(['p0']);
    expect(r.programs[0]).toMatchObject({ scoresPerTest: { t1: 0.5 }, outputHash: 'h0' });
    expect(r.searchState).toEqual({
      config: { num_islands: 3, functions_per_prompt: 2 },
      snapshots: [{ at: { iteration: 0, stored: 1 }, kind: 'checkpoint', islands: [{ island: 0, size: 1, bestScore: 0.5, bestProgram: 'p0', clusters: [{ scoresPerTest: { t1: 0.5 }, programs: ['p0'] }] }] }],
      events: [{ kind: 'migration', at: { timestamp: 1712345678 }, fromIsland: 0, toIsland: 1, program: 'p0' }],
      counters: [{ at: { iteration: 0 }, values: { iterations: 1, cumulative_input_tokens: 120 } }],
      missing: { resets: 'this search never resets islands' },
    });
  });

  it('has no searchState without such lines, and names file and line of a bad one', async () => {
    expect((await readJsonlRun(write('plain/programs.jsonl', [{ id: 'p0', code: 'a', score: 1 }]))).searchState).toBeUndefined();
    const bad = write('badstate/programs.jsonl', [{ id: 'p0', code: 'a', score: 1 }, { database_snapshot: { at: { iteration: 1 }, islands: [{ island: -1 }] } }]);
    await expect(readJsonlRun(bad)).rejects.toThrow(/programs\.jsonl:2: database_snapshot\.islands\.0\.island/);
    const two = write('twokeys/programs.jsonl', [{ id: 'p0', code: 'a', score: 1 }, { database_config: {}, database_missing: {} }]);
    await expect(readJsonlRun(two)).rejects.toThrow(/programs\.jsonl:2: a database_config line holds that one key only/);
  });
});

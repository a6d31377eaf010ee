import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { readRunsFromPath } from './index';
import { readOpenEvolveRun } from './openevolve';

// A tiny hand-made run in the late-2025 schema, with the early-2025 quirk (island only in
// metadata.json) for program a:
//   checkpoint_2:  a (seed), b (code v1), c (prompt diff_user)
//   checkpoint_10: b (code v2, prompt full_rewrite_user), c (prompt null), d (migrant copy of b),
//                  e (failed: error metric, stdout/stderr artifacts), f (ghost parent, -Infinity)
//   db/programs:   b (prompts null, as OpenEvolve's db/ copies are)
// checkpoint_10 sorts before checkpoint_2 as text: merging must follow numeric order.
const prog = (id: string, extra: Record<string, unknown>) => ({
  id, code: `# ${id}\n`, language: 'python', parent_id: null, generation: 0, timestamp: 1000,
  iteration_found: 0, metrics: { combined_score: 0.5, rel: 1 }, complexity: 0, diversity: 0,
  metadata: { changes: 'Full rewrite' }, prompts: null, artifacts_json: null, artifact_dir: null,
  embedding: [0.1, 0.2], ...extra,
});
const prompt = (resp: string) => ({ system: 'sys', user: 'usr', responses: [resp] });

const files: Record<string, unknown> = {
  'checkpoints/checkpoint_2/metadata.json': { islands: [['a', 'b'], ['c']], best_program_id: 'b', last_iteration: 2 },
  'checkpoints/checkpoint_2/programs/a.json': prog('a', { metrics: { combined_score: 0.1, rel: 1 } }),
  'checkpoints/checkpoint_2/programs/b.json': prog('b', { code: 'v1', parent_id: 'a', iteration_found: 1, timestamp: 1001 }),
  'checkpoints/checkpoint_2/programs/c.json': prog('c', { parent_id: 'a', iteration_found: 2, timestamp: 1002, prompts: { diff_user: prompt('r-c') } }),
  'checkpoints/checkpoint_10/metadata.json': { islands: [['a', 'b'], ['c', 'd', 'e', 'f']], best_program_id: 'b', last_iteration: 10 },
  'checkpoints/checkpoint_10/programs/b.json': prog('b', {
    code: 'v2', parent_id: 'a', iteration_found: 1, timestamp: 1001, prompts: { full_rewrite_user: prompt('r-b') },
    metadata: { changes: 'Full rewrite', island: 0 }, metrics: { combined_score: 0.9, rel: 1 },
  }),
  'checkpoints/checkpoint_10/programs/c.json': prog('c', { parent_id: 'a', iteration_found: 2, timestamp: 1002, metadata: { island: 1 } }),
  'checkpoints/checkpoint_10/programs/d.json': prog('d', {
    code: 'v2', parent_id: 'b', iteration_found: 0, generation: 1, timestamp: 1009,
    metadata: { island: 1, migrant: true }, metrics: { combined_score: 0.9, rel: 1 },
  }),
  'checkpoints/checkpoint_10/programs/e.json': prog('e', {
    parent_id: 'c', iteration_found: 5, timestamp: 1005, metrics: { error: 'Timeout after 30s' },
    artifacts_json: JSON.stringify({ stdout: 'hello', stderr: 'Traceback: boom', failure_stage: 'run' }),
  }),
  'checkpoints/checkpoint_10/programs/notes.txt': 'not a program',
  'db/programs/b.json': prog('b', { code: 'v2', parent_id: 'a', iteration_found: 1, timestamp: 1001, metrics: { combined_score: 0.9, rel: 1 } }),
  'best/best_program_info.json': { id: 'b', metrics: { combined_score: 0.9 } },
};
// Python's json.dump writes -Infinity bare; JSON.parse alone would reject the file.
const fRaw = JSON.stringify(prog('f', { parent_id: 'ghost-x', iteration_found: 7, timestamp: 1007, metrics: { combined_score: '@@' } }))
  .replace('"@@"', '-Infinity');

let tmp: string;
let runDir: string;

function write(root: string, rel: string, content: unknown) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

function makeRun(name: string, tweak?: (out: string) => void) {
  const out = path.join(tmp, name, 'openevolve_output');
  for (const [rel, content] of Object.entries(files)) write(out, rel, content);
  write(out, 'checkpoints/checkpoint_10/programs/f.json', fRaw);
  tweak?.(out);
  return path.join(tmp, name);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-oe-'));
  runDir = makeRun('tiny-run');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('readOpenEvolveRun', () => {
  let r: ImportedRun;
  const byId = (id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;
  beforeAll(async () => {
    r = await readOpenEvolveRun(runDir);
  });

  it('keeps every program ever seen, merged by id in numeric checkpoint order', () => {
    expect(r.programs.map((p) => p.externalId).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(byId('b').code).toBe('v2');
    expect(r.stats).toMatchObject({ checkpointsMerged: 2, programCopies: 9, dbProgramFiles: 1, programsWithPrompts: 2 });
    expect(byId('a').metadata).not.toHaveProperty('embedding');
  });

  it('never lets an empty copy overwrite a prompt', () => {
    expect(byId('b').contexts).toEqual([{ kind: 'full_rewrite_user', system: 'sys', user: 'usr', response: 'r-b' }]);
    expect(byId('c').contexts?.[0]).toMatchObject({ kind: 'diff_user', response: 'r-c' });
    expect(byId('a').contexts).toEqual([]);
  });

  it('maps lineage, islands and migrants', () => {
    expect(byId('a').parents).toEqual([]);
    expect(byId('b').parents).toEqual([{ externalId: 'a', operator: 'mutation' }]);
    expect(byId('a').island).toBe(0); // only from metadata.json's islands lists
    expect(byId('c').island).toBe(1);
    expect(byId('d')).toMatchObject({ isMigrant: true, iteration: 0, island: 1, parents: [{ externalId: 'b', operator: 'migration' }] });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'lineage-unknown', count: 1 }));
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'files-skipped', count: 1 }));
  });

  it('keeps failed programs, marked invalid, with their evaluator output', () => {
    expect(byId('e')).toMatchObject({ valid: false, score: null, invalidReason: 'error: Timeout after 30s' });
    expect(byId('e').evaluation).toMatchObject({ status: 'failed', output: 'hello', errors: 'Traceback: boom' });
    expect(byId('f')).toMatchObject({ valid: false, score: null, invalidReason: 'combined_score is -Infinity' });
    expect(byId('b')).toMatchObject({ valid: true, score: 0.9 });
    expect(r.stats.invalidPrograms).toBe(2);
  });

  it('describes the run from the folder and the newest metadata.json', () => {
    expect(r.run).toMatchObject({ name: 'tiny-run', task: 'tiny-run', framework: 'openevolve', language: 'python', scoreMetric: 'combined_score' });
    expect(r.run.meta).toMatchObject({ best_program_id: 'b', last_iteration: 10, checkpoints: [2, 10], bestProgramInfo: { id: 'b' } });
  });

  it('accepts openevolve_output itself and a name override', async () => {
    const [again] = await readRunsFromPath(path.join(runDir, 'openevolve_output'), { name: 'renamed' });
    expect(again.run.name).toBe('renamed');
    expect(again.programs).toHaveLength(6);
  });
});

describe('bad input', () => {
  it('fails on a truncated program file, naming it', async () => {
    const dir = makeRun('truncated', (out) => write(out, 'checkpoints/checkpoint_10/programs/c.json', '{"id": "c", "code": '));
    const err = await readOpenEvolveRun(dir).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toBe('openevolve_output/checkpoints/checkpoint_10/programs/c.json:1: invalid JSON: Unexpected end of JSON input (column 20)');
  });

  it('fails on a JSON value that is not an object', async () => {
    const dir = makeRun('array', (out) => write(out, 'db/programs/b.json', '[1, 2]'));
    await expect(readOpenEvolveRun(path.join(dir, 'openevolve_output'))).rejects.toThrow('db/programs/b.json: expected a JSON object, found an array');
  });

  it('rejects an unknown layout and an unknown format', async () => {
    const empty = fs.mkdtempSync(path.join(tmp, 'empty-'));
    await expect(readRunsFromPath(empty, {})).rejects.toThrow(/unknown layout/);
    await expect(readRunsFromPath(runDir, { format: 'nope' })).rejects.toThrow(/unknown format 'nope'/);
    await expect(readRunsFromPath(path.join(tmp, 'missing'), {})).rejects.toThrow(/no such file/);
  });
});

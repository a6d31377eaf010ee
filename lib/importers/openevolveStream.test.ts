// A streamed OpenEvolve read (ReadOptions.streamPrograms, what `import` uses) must give the writer
// exactly what a whole read gives: light records for the run's shape, and loadPrograms returning
// the same full records, merged across checkpoint copies the same way, in the order asked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeSyntheticOpenEvolveRun } from '../services/demo/synthetic';
import { ImportError, type ImportedRun } from '../trace/schema';
import { readRunsFromPath } from './index';

const realRuns = path.resolve(import.meta.dirname, '..', '..', process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oe-stream-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const write = (rel: string, content: unknown) => {
  const file = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
};
const prog = (id: string, extra: Record<string, unknown>) => ({
  id, code: `# ${id}\n`, language: 'python', parent_id: null, generation: 0, timestamp: 1000, iteration_found: 0,
  metrics: { combined_score: 0.5 }, metadata: { island: 0 }, prompts: null, artifacts_json: null, ...extra,
});
const prompt = (r: string) => ({ system: 'sys', user: 'usr', responses: [r] });

// Copies that must merge: b's prompt only in checkpoint_2, its code changed by db/; c's
// artifacts only in db/, a `solution` extra in checkpoint_4; d in db/ only.
write('multi/openevolve_output/checkpoints/checkpoint_2/metadata.json', { last_iteration: 2 });
write('multi/openevolve_output/checkpoints/checkpoint_2/programs/a.json', prog('a', {}));
write('multi/openevolve_output/checkpoints/checkpoint_2/programs/b.json', prog('b', { parent_id: 'a', iteration_found: 1, prompts: { diff_user: prompt('r-b') } }));
write('multi/openevolve_output/checkpoints/checkpoint_4/metadata.json', { last_iteration: 4 });
write('multi/openevolve_output/checkpoints/checkpoint_4/programs/c.json', prog('c', { parent_id: 'b', iteration_found: 3, solution: 'def f(): pass\n' }));
write('multi/openevolve_output/db/programs/b.json', prog('b', { code: 'v2\n', parent_id: 'a', iteration_found: 1 }));
write('multi/openevolve_output/db/programs/c.json', prog('c', { parent_id: 'b', iteration_found: 3, artifacts_json: JSON.stringify({ stderr: 'boom' }), metrics: { error: 1 } }));
write('multi/openevolve_output/db/programs/d.json', prog('d', { parent_id: 'c', iteration_found: 4 }));

async function both(dir: string): Promise<[ImportedRun, ImportedRun]> {
  const [whole] = await readRunsFromPath(dir);
  const [streamed] = await readRunsFromPath(dir, { streamPrograms: true });
  return [whole, streamed];
}

// Past THREADS_AFTER program files: both reads go through the worker-thread pool.
writeSyntheticOpenEvolveRun(path.join(tmp, 'large'), 2500, 5);

for (const [name, dir] of [
  ['hand-made copies', path.join(tmp, 'multi')],
  ['a real OpenEvolve run', QOS],
  ['a 2,500-program run (read on worker threads)', path.join(tmp, 'large')],
] as const) {
  it(`streams ${name}: light records, then the same full records as a whole read`, async () => {
    const [whole, streamed] = await both(dir);
    expect(whole.loadPrograms).toBeUndefined();
    expect(streamed.loadPrograms).toBeTypeOf('function');
    expect(streamed.programs.map((p) => p.externalId)).toEqual(whole.programs.map((p) => p.externalId));
    // Light: no source, prompts or artifacts in memory.
    expect(streamed.programs.every((p) => p.code === '' && !p.contexts?.length && !p.evaluation?.artifacts)).toBe(true);
    // What the writer computes from light records is the same.
    const shape = (r: ImportedRun) =>
      r.programs.map((p) => [p.externalId, p.iteration, p.timestamp, p.valid, p.score, p.island, p.isMigrant, p.parents]);
    expect(shape(streamed)).toEqual(shape(whole));
    expect(streamed.stats).toEqual(whole.stats);
    expect(streamed.warnings).toEqual(whole.warnings);
    expect(streamed.run).toEqual(whole.run);
    // Full records, asked in another order, come back in that order and equal the whole read's.
    const ids = whole.programs.map((p) => p.externalId).reverse();
    const full = await streamed.loadPrograms!(ids);
    const byId = new Map(whole.programs.map((p) => [p.externalId, p]));
    expect(full).toEqual(ids.map((id) => byId.get(id)));
  });
}

it('names the file when a program file changes between the two reads', async () => {
  const dir = path.join(tmp, 'changing');
  write('changing/openevolve_output/db/programs/a.json', prog('a', {}));
  write('changing/openevolve_output/db/programs/b.json', prog('b', { parent_id: 'a', iteration_found: 1 }));
  const [streamed] = await readRunsFromPath(dir, { streamPrograms: true });
  fs.writeFileSync(path.join(dir, 'openevolve_output/db/programs/b.json'), '{"id": "b", "code": ');
  const err = await streamed.loadPrograms!(['a', 'b']).catch((e) => e);
  expect(err).toBeInstanceOf(ImportError);
  expect(err.message).toContain('openevolve_output/db/programs/b.json');
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { discoverRuns } from './discover';
import { readRunsFromPath } from './index';
import { readOpenEvolveRun } from './openevolve';
import { missingCheckpoints } from './openevolveLayout';
import { parseFeatureKey } from './openevolveProgram';

// Synthetic OpenEvolve outputs in the shapes OpenEvolve actually wrote at different times.
// Early-2025 (openevolve/database.py of May 2025): Program = {id, code, language, parent_id,
// generation, timestamp, iteration_found, metrics, complexity, diversity, metadata}, no prompts
// or artifacts; metadata.json = {feature_map, islands, archive, best_program_id, last_iteration,
// current_island, island_generations, last_migration_generation}; score bins were not clamped at
// 0, so negative scores gave feature keys such as "-2382-9".
const early = (id: string, extra: Record<string, unknown>) => ({
  id, code: `# ${id}\n`, language: 'python', parent_id: null, generation: 0, timestamp: 1000, iteration_found: 0,
  metrics: { overall_score: 0.5 }, complexity: 0, diversity: 0, metadata: {}, ...extra,
});
const earlyMeta = (extra: Record<string, unknown>) => ({
  feature_map: {}, islands: [[], []], archive: [], best_program_id: null, last_iteration: 0, current_island: 0,
  island_generations: [0, 0], last_migration_generation: 0, ...extra,
});

let tmp: string;
const write = (root: string, rel: string, content: unknown) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
};
/** Writes {checkpoint number: {meta, programs}} under <tmp>/<name>/openevolve_output. */
function makeRun(name: string, checkpoints: Record<number, { meta: unknown; programs: Record<string, unknown>[] }>) {
  const out = path.join(tmp, name, 'openevolve_output');
  for (const [n, cp] of Object.entries(checkpoints)) {
    write(out, `checkpoints/checkpoint_${n}/metadata.json`, cp.meta);
    for (const p of cp.programs) write(out, `checkpoints/checkpoint_${n}/programs/${p.id}.json`, p);
  }
  return path.join(tmp, name);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-oe-variants-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('feature-map keys', () => {
  it('parses negative coordinates instead of splitting on "-"', () => {
    expect(parseFeatureKey('-2382-9')).toEqual([-2382, 9]);
    expect(parseFeatureKey('3--1')).toEqual([3, -1]);
    expect(parseFeatureKey('-1--2-0')).toEqual([-1, -2, 0]);
    expect(parseFeatureKey('7')).toEqual([7]);
    expect(parseFeatureKey('a-b')).toBeNull();
    expect(parseFeatureKey('1---2')).toBeNull();
  });
});

describe('an early-2025 run with checkpoint gaps', () => {
  // checkpoint_10, _30, _70: islands only in metadata.json; p2 left the population by 70.
  let r: ImportedRun;
  const byId = (id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;
  beforeAll(async () => {
    const p0 = early('p0', { metrics: { overall_score: -238.2 } });
    const p1 = early('p1', { parent_id: 'p0', iteration_found: 4, generation: 1, timestamp: 1004, metrics: { overall_score: 0.35 } });
    const p2 = early('p2', { parent_id: 'p1', iteration_found: 25, generation: 2, timestamp: 1025, metrics: { overall_score: 0.9, error: 0.0 } });
    const p3 = early('p3', { parent_id: 'p1', iteration_found: 61, generation: 2, timestamp: 1061, metrics: { overall_score: 0.7 } });
    const dir = makeRun('early-2025', {
      10: { meta: earlyMeta({ feature_map: { '-2382-9': 'p0', '3-4': 'p1' }, islands: [['p0', 'p1'], []], last_iteration: 10 }), programs: [p0, p1] },
      30: { meta: earlyMeta({ feature_map: { '-2382-9': 'p0', '3-4': 'p1', '9-2': 'p2' }, islands: [['p0', 'p1'], ['p2']], last_iteration: 30 }), programs: [p0, p1, p2] },
      70: { meta: earlyMeta({ feature_map: { '-2382-9': 'p0', '7--1': 'p3' }, islands: [['p0'], ['p1', 'p3']], best_program_id: 'p3', last_iteration: 70 }), programs: [p0, p1, p3] },
    });
    r = await readOpenEvolveRun(dir);
  });

  it('keeps every program, scored by overall_score, without prompts', () => {
    expect(r.programs.map((p) => p.externalId).sort()).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(r.run.scoreMetric).toBe('overall_score');
    expect(byId('p3')).toMatchObject({ valid: true, score: 0.7, contexts: [], evaluation: null });
    expect(byId('p0')).toMatchObject({ valid: true, score: -238.2 });
    expect(byId('p2')).toMatchObject({ valid: false, invalidReason: 'error: 0', score: 0.9 });
  });

  it('takes islands from metadata.json lists, newest list first', () => {
    expect(byId('p0').island).toBe(0);
    expect(byId('p1').island).toBe(1); // moved in checkpoint_70
    expect(byId('p2').island).toBe(1); // only in checkpoint_30's lists
    expect(r.warnings.map((w) => w.code)).not.toContain('island-unknown');
  });

  it('records the MAP-Elites cell with negative coordinates intact', () => {
    expect(byId('p0').metadata).toMatchObject({ map_elites_key: '-2382-9', map_elites_cell: [-2382, 9] });
    expect(byId('p3').metadata).toMatchObject({ map_elites_key: '7--1', map_elites_cell: [7, -1] });
    expect(byId('p2').metadata).toMatchObject({ map_elites_key: '9-2', map_elites_cell: [9, 2] });
    expect(r.run.meta).toMatchObject({ feature_map: { '-2382-9': 'p0', '7--1': 'p3' } });
  });

  it('notes the missing checkpoints in stats, without a warning', () => {
    expect(r.stats).toMatchObject({ checkpointsMerged: 3, checkpointsMissing: 4, iterationsBackwards: 0 });
    expect(r.run.meta).toMatchObject({ checkpoints: [10, 30, 70], missingCheckpoints: [20, 40, 50, 60] });
    // origin-partial says what OpenEvolve never records (model, tokens, cost): no warning about the gaps.
    expect(r.warnings.filter((w) => w.code !== 'origin-partial')).toEqual([]);
  });

  it('infers the checkpoint grid, an off-grid final checkpoint and a configured interval', () => {
    expect(missingCheckpoints([10, 20, 30])).toEqual([]);
    expect(missingCheckpoints([10, 20, 40, 95])).toEqual([30, 50, 60, 70, 80, 90]);
    expect(missingCheckpoints([100, 300], 100)).toEqual([200]);
    expect(missingCheckpoints([5])).toEqual([]);
  });
});

describe('resumed runs', () => {
  it('keeps the earliest iteration when ids reappear later, without a warning', async () => {
    const p0 = early('p0', {});
    const p1 = early('p1', { parent_id: 'p0', iteration_found: 5, timestamp: 1005 });
    const p2 = early('p2', { parent_id: 'p0', iteration_found: null, timestamp: 1006 });
    const dir = makeRun('resumed-later', {
      10: { meta: earlyMeta({ islands: [['p0', 'p1', 'p2'], []], last_iteration: 10 }), programs: [p0, p1, p2] },
      // Restarted from checkpoint_10: the loaded programs were re-added with the resume's iteration.
      20: { meta: earlyMeta({ islands: [['p0', 'p1', 'p2'], []], last_iteration: 20 }), programs: [p0, { ...p1, iteration_found: 15 }, { ...p2, iteration_found: 16 }] },
    });
    const r = await readOpenEvolveRun(dir);
    const byId = (id: string) => r.programs.find((p) => p.externalId === id)!;
    expect(byId('p1').iteration).toBe(5);
    expect(byId('p2').iteration).toBe(16); // null never wins over a number
    expect(r.warnings.filter((w) => w.code !== 'origin-partial')).toEqual([]);
  });

  it('warns when the iteration counter restarted', async () => {
    const p0 = early('p0', {});
    const p1 = early('p1', { parent_id: 'p0', iteration_found: 8, timestamp: 1008 });
    const dir = makeRun('resumed-restart', {
      10: { meta: earlyMeta({ islands: [['p0', 'p1'], []], last_iteration: 10 }), programs: [p0, p1] },
      // The resumed process counted from 0 again: p1 re-saved as iteration 1, a new child of p1 at 3.
      20: {
        meta: earlyMeta({ islands: [['p0', 'p1', 'p3'], []], last_iteration: 4 }),
        programs: [p0, { ...p1, iteration_found: 1 }, early('p3', { parent_id: 'p2', iteration_found: 3, timestamp: 2003 }), early('p2', { parent_id: 'p1', iteration_found: 9, timestamp: 1009 })],
      },
    });
    const r = await readOpenEvolveRun(dir);
    expect(r.programs.find((p) => p.externalId === 'p1')!.iteration).toBe(1); // the earliest seen
    const w = r.warnings.find((x) => x.code === 'iterations-backwards');
    expect(w?.message).toContain('1 program copies carry an earlier iteration_found');
    expect(w?.message).toContain('1 checkpoints have a lower last_iteration');
    expect(w?.message).toContain('1 programs have a lower iteration than their parent'); // p3 (3) under p2 (9)
    expect(r.stats.iterationsBackwards).toBe(w?.count);
  });
});

describe('several runs in one upload', () => {
  let upload: string;
  beforeAll(() => {
    upload = path.join(tmp, 'upload');
    const run = (rel: string, id: string) => {
      const out = path.join(upload, rel, 'openevolve_output');
      write(out, 'checkpoints/checkpoint_1/metadata.json', earlyMeta({ islands: [[id], []], last_iteration: 1 }));
      write(out, `checkpoints/checkpoint_1/programs/${id}.json`, early(id, {}));
    };
    run('a', 'a0');
    run('b', 'b0');
    run('deep/x/run', 'x0');
    run('deep/y/run', 'y0');
    run('l1/l2/l3/l4/l5/l6/too-deep', 'z0');
    // macOS archive debris mirrors the tree; a link could point anywhere: neither is a run.
    write(path.join(upload, '__MACOSX', 'a', 'openevolve_output', 'checkpoints', 'checkpoint_1'), '._metadata.json', 'junk');
    fs.symlinkSync(path.join(upload, 'a'), path.join(upload, 'link-to-a'));
    write(upload, 'notes/readme.txt', 'hello');
  });

  it('finds every run root, depth-limited, without following links', async () => {
    const found = await discoverRuns(upload);
    expect(found.map((f) => [path.relative(upload, f.path), f.format.format])).toEqual([
      ['a', 'openevolve'], ['b', 'openevolve'], ['deep/x/run', 'openevolve'], ['deep/y/run', 'openevolve'],
    ]);
    expect((await discoverRuns(upload, { maxDepth: 7 })).map((f) => path.basename(f.path))).toContain('too-deep');
    expect(await discoverRuns(path.join(upload, 'a'))).toEqual([expect.objectContaining({ path: path.join(upload, 'a') })]);
  });

  it('reads them all, each named after its folder (by path when folders share a name)', async () => {
    const runs = await readRunsFromPath(upload, {});
    expect(runs.map((r) => [r.run.name, r.programs.map((p) => p.externalId)])).toEqual([
      ['a', ['a0']], ['b', ['b0']], ['deep/x/run', ['x0']], ['deep/y/run', ['y0']],
    ]);
    const named = await readRunsFromPath(upload, { name: 'batch' });
    expect(named.map((r) => r.run.name)).toEqual(['batch (a)', 'batch (b)', 'batch (deep/x/run)', 'batch (deep/y/run)']);
  });

  it('names the failing file relative to the upload', async () => {
    write(path.join(upload, 'b', 'openevolve_output'), 'checkpoints/checkpoint_1/programs/b0.json', '{"id": "b0", "code": ');
    const err = await readRunsFromPath(upload, {}).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toBe('b/openevolve_output/checkpoints/checkpoint_1/programs/b0.json:1: invalid JSON: Unexpected end of JSON input (column 21)');
    write(path.join(upload, 'b', 'openevolve_output'), 'checkpoints/checkpoint_1/programs/b0.json', early('b0', {}));
  });

  it('still fails clearly on an unknown layout, listing the known formats', async () => {
    await expect(readRunsFromPath(path.join(upload, 'notes'), {})).rejects.toThrow(/unknown layout at .*notes: .*the known formats \(.*openevolve/);
    await expect(readRunsFromPath(path.join(upload, 'notes'), { format: 'openevolve' })).rejects.toThrow(/does not look like a openevolve layout/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, type ImportedRun } from '../trace/schema';
import { funsearchFormat, readFunSearchRuns } from './funsearch';
import { llameaFormat } from './llamea';

// The lumi-a FunSearch export (shared/real-runs/SOURCES.md section 3). Expected numbers come
// from a throwaway python3 pass over the raw files, independent of this importer:
//   for row in json.load(open('index.json')): d = json.load(open(row[5]))
//     programs += sum(len(i['improvements']) for i in d['islands'])          -> 2331
//     edges    += sum(max(len(i['improvements']) - 1, 0) ...)                -> 2001 (= 2331 - 330 islands)
//     samples  += sum(i['successCount'] + i['failureCount'] ...)            -> 290968 (255853 + 35115)
//   every island of every run is non-empty, runIndex strictly increases on an island, every
//   score is a finite number (0 invalid), and max(score) of each run equals index.json's row[3].
// gasoline_list_1740242660: 40 improvements, island 7 reaches 1110010.0099940917 (the outlier).
// library_1740424536: 37 improvements, scores -42707 .. -27155, 1690 successes + 319 failures.
const REAL = path.join(process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs'), 'funsearch__lumi-a__funsearch__json-data');
const DIR = path.join(REAL, 'docs', 'json-data');

let runs: ImportedRun[];
const run = (name: string) => runs.find((r) => r.run.name === name) as ImportedRun;

describe('FunSearch lumi-a export', () => {
  beforeAll(async () => {
    if (!fs.existsSync(DIR)) throw new Error(`real FunSearch export missing: ${DIR} (set EVOSCOPE_REAL_RUNS)`);
    runs = await readFunSearchRuns(DIR);
  });

  it('reads one run per index row with every improvement as a program', () => {
    expect(runs).toHaveLength(33);
    expect(runs.reduce((s, r) => s + r.programs.length, 0)).toBe(2331);
    expect(runs.reduce((s, r) => s + r.programs.filter((p) => p.parents?.length).length, 0)).toBe(2001);
    expect(runs.reduce((s, r) => s + r.programs.filter((p) => !p.valid).length, 0)).toBe(0);
    expect(runs.reduce((s, r) => s + (r.run.meta as { islands: unknown[] }).islands.length, 0)).toBe(330);
    for (const r of runs) expect(new Set(r.programs.map((p) => p.externalId)).size).toBe(r.programs.length);
  });

  it('keeps the sample counts and the programs database configuration', () => {
    const samples = runs.map((r) => (r.run.meta as { samples: { success: number; failure: number } }).samples);
    expect(samples.reduce((s, x) => s + x.success + x.failure, 0)).toBe(290968);
    expect(samples.reduce((s, x) => s + x.success, 0)).toBe(255853);
    const r = run('gasoline_list_1740242660');
    expect(r.run.meta).toMatchObject({
      programsDatabase: {
        num_islands: 10, reset_period: 14400, cluster_sampling_temperature_init: 0.1,
        cluster_sampling_temperature_period: 30000, functions_per_prompt: 2,
      },
      highestRunIndex: 1164,
      timestamp: 1740242660,
      index: { row: 8, problem: 'gasoline_list', bestScore: 1110010.0099940917, file: 'gasoline_list_1740242660.json' },
    });
    expect((r.run.meta as { islands: unknown[] }).islands[7]).toEqual({ index: 7, successCount: 582, failureCount: 389, improvements: 7, bestScore: 1110010.0099940917 });
    expect((r.run.meta as { specification: string }).specification).toMatch(/^"""Find sets for which the rounding algorithm/);
    expect(r.run.config).not.toHaveProperty('specification');
  });

  it('maps names, islands, iterations and the improvement trajectory', () => {
    const r = run('gasoline_list_1740242660');
    expect(r.run).toMatchObject({ framework: 'funsearch', task: 'gasoline-list', scoreMetric: 'score', higherIsBetter: true, language: 'python' });
    expect(r.programs).toHaveLength(40);
    const island1 = r.programs.filter((p) => p.island === 1);
    expect(island1.map((p) => p.iteration)).toEqual([0, 139, 147, 333, 426, 476, 520, 578, 596, 690]);
    expect(island1[0].parents).toEqual([]);
    expect(island1[1]).toMatchObject({ externalId: 'island1-139', score: 1.3, parents: [{ externalId: 'island1-0', operator: 'improvement' }] });
    expect(r.warnings.map((w) => w.code)).toEqual(['lineage-approximate', 'samples-not-stored', 'timestamps-unknown']);
    expect(r.warnings[0].count).toBe(30);
    expect(run('3_4_cyclefree_1740604239').run.task).toBe('3-4-cyclefree');
  });

  it('keeps outliers and all-negative runs as written', () => {
    const best = (r: ImportedRun) => Math.max(...r.programs.map((p) => p.score as number));
    expect(best(run('gasoline_list_1740242660'))).toBe(1110010.0099940917);
    const lib = run('library_1740424536');
    expect(lib.programs).toHaveLength(37);
    expect(lib.programs.every((p) => p.valid && (p.score as number) < 0)).toBe(true);
    expect(best(lib)).toBe(-27155);
    expect(Math.min(...lib.programs.map((p) => p.score as number))).toBe(-42707);
    expect(lib.run.meta).toMatchObject({ samples: { success: 1690, failure: 319 } });
    // index.json's best score agrees with the islands for every run
    for (const r of runs) expect(r.warnings.some((w) => w.code === 'index-mismatch')).toBe(false);
  });

  it('reads a single run file, and detects only its own layouts', async () => {
    const file = path.join(DIR, 'library_1740424536.json');
    const [one] = await readFunSearchRuns(file);
    expect(one.run).toMatchObject({ name: 'library_1740424536', task: 'library', sourceKind: 'file' });
    expect(one.run.meta).not.toHaveProperty('index');
    expect(one.programs).toHaveLength(37);
    expect(await funsearchFormat.detect(DIR)).toBe(true);
    expect(await funsearchFormat.detect(path.join(DIR, 'index.json'))).toBe(true);
    expect(await funsearchFormat.detect(file)).toBe(true);
    expect(await funsearchFormat.detect(REAL)).toBe(false);
    expect(await llameaFormat.detect(DIR)).toBe(false);
  });

  it('reads a folder of run files without index.json as one run per file (exports uploaded on their own)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-alone-'));
    try {
      fs.copyFileSync(path.join(DIR, 'library_1740424536.json'), path.join(dir, 'library_1740424536.json'));
      expect(await funsearchFormat.detect(dir)).toBe(true);
      const [one, ...more] = await readFunSearchRuns(dir);
      expect(more).toHaveLength(0);
      expect(one.run).toMatchObject({ name: 'library_1740424536', task: 'library' });
      expect(one.programs).toHaveLength(37);
      fs.copyFileSync(path.join(DIR, 'gasoline_list_1740242660.json'), path.join(dir, 'gasoline_list_1740242660.json'));
      fs.writeFileSync(path.join(dir, 'notes.json'), '{"not": "a run"}');
      const two = await readFunSearchRuns(dir);
      expect(two.map((r) => [r.run.name, r.programs.length])).toEqual([['gasoline_list_1740242660', 40], ['library_1740424536', 37]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bad FunSearch input', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-fs-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('names a missing run file, a path outside the folder and a bad improvement', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'x-'));
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([['p', 1, [1], 1.0, 'm', 'p_1.json']]));
    await expect(readFunSearchRuns(dir)).rejects.toThrow('index.json: row 1 names p_1.json, which does not exist');
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([['p', 1, [1], 1.0, 'm', '../p_1.json']]));
    await expect(readFunSearchRuns(dir)).rejects.toThrow(ImportError);
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify([['p', 1, [1], 1.0, 'm', 'p_1.json']]));
    fs.writeFileSync(path.join(dir, 'p_1.json'), JSON.stringify({ config: {}, islands: [{ improvements: [[0, 1, 'def f(): pass'], ['x']] }] }));
    await expect(readFunSearchRuns(dir)).rejects.toThrow('p_1.json: islands[0].improvements[1] is not [runIndex, score, code]');
  });

  it('accepts Python NaN scores as invalid programs', async () => {
    const file = path.join(tmp, 'q_2.json');
    fs.writeFileSync(file, '{"config": {"problem_name": "q"}, "islands": [{"improvements": [[0, NaN, "a"], [3, 2.5, "b"]], "successCount": 4, "failureCount": 1}]}');
    const [r] = await readFunSearchRuns(file);
    expect(r.programs.map((p) => [p.externalId, p.valid, p.score])).toEqual([['island0-0', false, null], ['island0-3', true, 2.5]]);
  });

  it('keeps odd settings verbatim and drops a state the contract refuses, with a warning, not the import', async () => {
    const file = path.join(tmp, 'odd_3.json');
    fs.writeFileSync(file, JSON.stringify({
      config: { num_islands: 0, functions_per_prompt: 2 },
      islands: [{ improvements: [[0, 1, 'a']], successCount: 4, failureCount: 1 }],
    }));
    const [r] = await readFunSearchRuns(file);
    expect(r.searchState!.config).toEqual({ functions_per_prompt: 2, other: { num_islands: 0 } });
    const frac = path.join(tmp, 'frac_4.json');
    fs.writeFileSync(frac, JSON.stringify({ config: {}, islands: [{ improvements: [[0, 1, 'a']], successCount: 4.5, failureCount: 1 }] }));
    const [f] = await readFunSearchRuns(frac);
    expect(f.programs).toHaveLength(1);
    expect(f.warnings).toContainEqual(expect.objectContaining({ code: 'search-state-unreadable', file: 'frac_4.json' }));
    expect(f.searchState).toEqual({ missing: expect.objectContaining({ counters: expect.stringMatching(/^not kept: snapshots\.0\.islands|^not kept: counters/) }) });
  });
});

// The search state (issue 12). Numbers from a python3 pass over the raw files:
//   d = json.load(open('gasoline_list_1740242660.json'))
//   sum(i['successCount']) -> 6698, sum(i['failureCount']) -> 3384, highestRunIndex 1164
//   island 7: max(improvements, key=score) = [917, 1110010.0099940917, ...]; island 3: one improvement [0, 1.0]
//   over the 33 runs: sum(success + failure) -> 290968, sum(failure) -> 35115
//   31 distinct runIndex values carry an improvement (0, 96, 139, ..., 917, 964); every island's
//   improvements strictly increase; best so far at runIndex <= 500:
//   [1.25, 1.7647058823529411, 1.3333333333333333, 1.0, 1.625, 1.0, 1.1666666666666667, 1.0, 1.0, 1.0]
describe('FunSearch search state', () => {
  beforeAll(async () => {
    runs ??= await readFunSearchRuns(DIR);
  });

  it('shows the islands, config and counters of the real runs', () => {
    const s = run('gasoline_list_1740242660').searchState!;
    expect(s.config).toEqual({
      num_islands: 10, reset_period: 14400, cluster_sampling_temperature_init: 0.1,
      cluster_sampling_temperature_period: 30000, functions_per_prompt: 2,
    });
    expect(s.snapshots).toHaveLength(32);
    const snap = s.snapshots![31];
    expect(snap).toMatchObject({ kind: 'final', at: { iteration: 1164, timestamp: 1740242660 } });
    expect(snap.islands).toHaveLength(10);
    expect(snap.islands[7]).toEqual({
      island: 7, size: null, bestScore: 1110010.0099940917, bestProgram: 'island7-917',
      counters: { successCount: 582, failureCount: 389, improvements: 7 },
    });
    expect(snap.islands[3]).toMatchObject({ bestScore: 1, bestProgram: 'island3-0' });
    expect(s.counters).toEqual([{ at: snap.at, values: { iterations: 10082, execution_failed: 3384, total_stored_programs: 6698 } }]);
    // The per-island trajectories: best so far at every runIndex where an island improved.
    const traj = s.snapshots!.slice(0, 31);
    expect(traj.every((t) => t.kind === 'improvement')).toBe(true);
    expect(traj.map((t) => t.at.iteration).slice(0, 5)).toEqual([0, 96, 139, 147, 155]);
    expect(traj.map((t) => t.at.iteration).slice(-3)).toEqual([891, 917, 964]);
    expect(traj[0].islands.map((i) => i.bestScore)).toEqual(Array(10).fill(1));
    const at500 = traj.filter((t) => t.at.iteration! <= 500).at(-1)!;
    expect(at500.islands.map((i) => i.bestScore)).toEqual([1.25, 1.7647058823529411, 1.3333333333333333, 1.0, 1.625, 1.0, 1.1666666666666667, 1.0, 1.0, 1.0]);
    expect(traj[29].islands[7]).toEqual({ island: 7, size: null, bestScore: 1110010.0099940917, bestProgram: 'island7-917' });
    expect(Object.keys(s.missing!).sort()).toEqual(['clusters', 'costs', 'featureMaps', 'islands', 'migrations', 'resets', 'tokens']);
    const all = runs.map((r) => r.searchState!.counters![0].values);
    expect(all.reduce((t, v) => t + v.iterations!, 0)).toBe(290968);
    expect(all.reduce((t, v) => t + v.execution_failed!, 0)).toBe(35115);
    // Every best program is one of the run's programs.
    for (const r of runs) {
      const ids = new Set(r.programs.map((p) => p.externalId));
      for (const snap of r.searchState!.snapshots!) for (const i of snap.islands) expect(ids.has(i.bestProgram!)).toBe(true);
    }
  });
});

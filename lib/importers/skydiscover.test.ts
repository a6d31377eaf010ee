// The SkyDiscover importer on small runs written in the framework's own layout
// (tests/fixtures/skydiscover/<search>/outputs/<search>/<problem>_<date>/): AdaEvolve (islands,
// explore/exploit labels, a ring migration), EvoX (search/iteration_N strategies, diverge/refine
// labels), GEPA-native (elite pool, merge, rejection_history), OpenEvolve-native (sidecar with
// OpenEvolve's islands and feature maps) and top-k (no sidecar: recognised by its program files).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { programRecordSchema, strategyRecordSchema, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { searchStateSchema } from '../trace/searchState';
import { detectFormat } from './detect';
import { readRunsFromPath } from './index';

const FIXTURES = path.resolve(__dirname, '../../tests/fixtures/skydiscover');
const one = async (search: string, opts: Parameters<typeof readRunsFromPath>[1] = {}) => {
  const runs = await readRunsFromPath(path.join(FIXTURES, search), opts);
  expect(runs).toHaveLength(1);
  return runs[0];
};
const byId = (r: ImportedRun) => new Map(r.programs.map((p) => [p.externalId, p]));
const codes = (r: ImportedRun) => r.warnings.map((w) => w.code);
const valid = (r: ImportedRun) => {
  for (const p of r.programs) programRecordSchema.parse(p);
  for (const s of r.strategies ?? []) strategyRecordSchema.parse(s);
  return searchStateSchema.parse(r.searchState);
};

describe('detection', () => {
  it('claims every SkyDiscover search before the OpenEvolve importer does', async () => {
    for (const search of ['adaevolve', 'evox', 'gepa_native', 'openevolve_native', 'topk']) {
      const run = path.join(FIXTURES, search, 'outputs', search);
      const root = path.join(run, fs.readdirSync(run)[0]);
      expect((await detectFormat(root))?.format, search).toBe('skydiscover');
      expect((await one(search)).run.framework).toBe('skydiscover');
    }
  });

  it('leaves a plain OpenEvolve output directory (`code` programs, no sidecar) to the openevolve importer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sky-oe-'));
    const cp = path.join(dir, 'checkpoints', 'checkpoint_1');
    fs.mkdirSync(path.join(cp, 'programs'), { recursive: true });
    fs.writeFileSync(path.join(cp, 'metadata.json'), JSON.stringify({ best_program_id: 'a', last_iteration: 1 }));
    fs.writeFileSync(path.join(cp, 'programs', 'a.json'), JSON.stringify({ id: 'a', code: 'x = 1\n', solution: 'x = 1\n', metrics: {} }));
    try {
      expect((await detectFormat(dir))?.format).toBe('openevolve');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('AdaEvolve', () => {
  it('merges every checkpoint by id, source from `solution`, with parents, labels, prompts and migrants', async () => {
    const r = await one('adaevolve');
    valid(r);
    const p = byId(r);
    expect([...p.keys()].sort()).toEqual(['ada-1', 'ada-2', 'ada-3', 'ada-3-copy', 'ada-seed']);
    // ada-2 left the population before checkpoint_4: it survives from checkpoint_2
    expect(p.get('ada-2')!.code).toBe('def f():\n    return [][0]\n');
    expect(p.get('ada-1')!.parents).toEqual([{ externalId: 'ada-seed', operator: 'explore' }]);
    expect(p.get('ada-1')!.origin).toEqual({ operator: 'explore', model: null, promptTokens: null, completionTokens: null, cost: null });
    expect(p.get('ada-2')!.origin?.operator).toBe('exploit');
    expect(p.get('ada-3')!.origin).toBeNull(); // '' label (balanced mode): no operator is invented
    expect(p.get('ada-3')!.parents).toEqual([{ externalId: 'ada-1', operator: 'mutation' }]);
    expect((p.get('ada-1')!.metadata as Record<string, unknown>).parent_label).toMatch(/^## PARENT SELECTION CONTEXT/);
    // the prompt of the later copy survives the earlier copy's null
    expect(p.get('ada-1')!.contexts).toEqual([{ kind: 'diff_user_message', system: 'You are an expert.', user: 'improve f', response: expect.stringContaining('REPLACE') }]);
    expect(p.get('ada-3')!.contexts?.[0].kind).toBe('full_rewrite_user_message');
    // contexts shown to the LLM: context edges, not lineage; the parent itself is not repeated
    expect(p.get('ada-2')!.contextRefs).toEqual([{ externalId: 'ada-seed', label: null }, { externalId: 'ada-gone', label: null }]);
    expect(p.get('ada-1')!.contextRefs).toEqual([]);
    const failed = p.get('ada-2')!;
    expect(failed.valid).toBe(false);
    expect(failed.evaluation).toMatchObject({ status: 'failed', errors: 'IndexError: list index out of range' });
    expect((failed.metadata as Record<string, unknown>).failed_attempts).toEqual([expect.objectContaining({ solution: 'def f(:\n' })]);
    expect((failed.metadata as Record<string, unknown>).parent_metrics).toEqual({ validity: 1, combined_score: 0.2 });
    const copy = p.get('ada-3-copy')!;
    expect(copy).toMatchObject({ isMigrant: true, island: 1, parents: [{ externalId: 'ada-3', operator: 'migration' }] });
    expect(p.get('ada-3')!.island).toBe(0); // from the newest sidecar's island lists
  });

  it('keeps islands, adapter counters, the migration, run totals and what the run lacks', async () => {
    const r = await one('adaevolve');
    const s = valid(r);
    expect(s.config).toMatchObject({ num_islands: 2, migration_interval: 3, other: expect.objectContaining({ diversity_strategy_type: 'code' }) });
    expect(s.snapshots.map((x) => x.at.iteration)).toEqual([2, 4]);
    const last = s.snapshots[1];
    expect(last.islands.map((i) => i.programs)).toEqual([['ada-seed', 'ada-1', 'ada-3'], ['ada-3-copy']]);
    expect(last.islands[0]).toMatchObject({ size: 3, bestScore: 0.3, counters: expect.objectContaining({ improvement_count: 2, config_name: 'balanced', dimension_visits: 2 }) });
    expect(s.snapshots[0].islands[1].bestScore).toBeNull(); // Python's -Infinity: no best yet, never a number
    expect(last.extra).toMatchObject({ archive_genealogies: expect.any(Array), paradigm_tracker: expect.any(Object), current_island: 0 });
    expect(s.events).toEqual([{ kind: 'migration', at: { iteration: 3, timestamp: 1700000031 }, fromIsland: 0, toIsland: 1, program: 'ada-3-copy', source: 'ada-3' }]);
    expect(s.counters).toEqual([{ at: { iteration: 4 }, values: { iterations: 4, cumulative_cost: 0.0123, cumulative_input_tokens: 1200, cumulative_output_tokens: 300 } }]);
    expect(Object.keys(s.missing).sort()).toEqual(['clusters', 'featureMaps', 'resets']);
    expect(r.run.budget).toMatchObject({ nominal_budget: 5, total_cost: 0.0123, num_generation_calls: 3, best_score: 0.3 });
    const meta = r.run.meta as Record<string, any>;
    expect(meta.llmUsage.total).toMatchObject({ input_tokens: 1200, total_cost_usd: 0.0123 });
    expect(meta.humanFeedback.active).toBe('Prefer closed forms.');
    expect(meta.bestProgramInfo).toMatchObject({ id: 'ada-3', metrics: { test_combined_score: 0.29 } });
    expect(meta).toMatchObject({ search: 'adaevolve', checkpoints: [2, 4], bestProgramId: 'ada-3', lastIteration: 4 });
    // ada-gone was shown as context but is in no checkpoint; notes.txt sits in programs/; the
    // database.pkl beside it is never opened (nothing is unpickled)
    expect(codes(r).sort()).toEqual(['context-unknown', 'files-skipped', 'origin-partial']);
    expect(r.stats).toMatchObject({ checkpointsMerged: 2, programs: 5, programsWithPrompts: 3, migrants: 1, invalidPrograms: 1, contextRefs: 2 });
  });
});

describe('EvoX', () => {
  it('names solution operators by labels.yaml and keeps the co-evolved strategies', async () => {
    const r = await one('evox');
    valid(r);
    const p = byId(r);
    expect(p.get('evox-1')!.parents).toEqual([{ externalId: 'evox-seed', operator: 'diverge' }]);
    expect(p.get('evox-2')!.origin?.operator).toBe('refine');
    expect(p.get('evox-2')!.contextRefs).toEqual([{ externalId: 'evox-seed', label: 'diverse' }]);
    expect(r.strategies).toEqual([
      {
        iteration: 1, code: 'def sample(db):\n    return db.best()\n', score: 0.5, isNewBest: true, fallback: false, activeFrom: 2, activeTo: 3,
        metadata: expect.objectContaining({
          program_id: 'strat-1', pending_score: false,
          start_db_stats: expect.objectContaining({ previous_programs_count: 1, population_size: 2 }),
        }),
        prompts: { system_prompt: 'Design a search strategy.', user_prompt: 'Current stats: ...', llm_response: 'def sample(db): ...' },
      },
      {
        iteration: 2, code: 'def sample(db):\n    return db.random(\n', score: null, isNewBest: null, fallback: true, activeFrom: null, activeTo: null,
        metadata: expect.objectContaining({ active_code: 'def sample(db):\n    return db.best()\n' }),
        failedAttempts: [expect.objectContaining({
          stage: 'validation', solution_iter: 3, prompt: { system: 'Design a search strategy.', user: 'It stalled at iteration 3.' },
          llm_response: '```python\ndef sample(db):\n    return db.random(\n```\n',
        })],
      },
      { iteration: 3, code: 'def sample(db):\n    return db.top(3)\n', score: null, isNewBest: null, fallback: false, activeFrom: null, activeTo: null, metadata: expect.any(Object) },
    ]);
    expect((r.strategies![0].metadata as Record<string, any>).start_db_stats.previous_programs).toBeUndefined();
    expect(r.warnings.find((w) => w.code === 'strategy-unscored')?.count).toBe(2);
    expect(codes(r)).toEqual(expect.arrayContaining(['summary-missing', 'llm-usage-missing', 'best-info-missing', 'origin-partial']));
    const s = valid(r);
    expect(s.snapshots).toEqual([]);
    expect(s.missing.islands).toMatch(/no sidecar/);
    expect(r.run.meta).toMatchObject({ search: 'evox' });
  });
});

describe('GEPA-native', () => {
  it('imports the rejection_history programs as rejected, the merge as two parents, the elite pool as state', async () => {
    const r = await one('gepa_native');
    const s = valid(r);
    const p = byId(r);
    expect(r.programs).toHaveLength(6);
    const rej = p.get('gepa-rej-1')!;
    expect(rej).toMatchObject({ rejected: true, valid: false, score: 0.1, code: 'P = "worse"\n', parents: [{ externalId: 'gepa-1', operator: 'mutation' }] });
    expect(rej.contextRefs).toEqual([{ externalId: 'gepa-seed', label: null }]);
    expect(p.get('gepa-rej-2')!.rejected).toBe(true);
    expect(p.get('gepa-1')!.rejected).toBe(false);
    const merge = p.get('gepa-merge')!;
    expect(merge.parents).toEqual([{ externalId: 'gepa-1', operator: 'merge' }, { externalId: 'gepa-2', operator: 'merge' }]);
    expect(merge.contextRefs).toEqual([]);
    expect(merge.origin?.operator).toBe('merge');
    expect(merge.metadata).toMatchObject({ merge_score_a: 0.5, merge_score_b: 0.45 });
    expect(p.get('gepa-1')!.evaluation).toMatchObject({ status: 'ok', artifacts: { feedback: 'acc low on case 3' } });
    expect(s.snapshots.map((x) => x.islands[0].programs)).toEqual([['gepa-1', 'gepa-2', 'gepa-seed'], ['gepa-merge', 'gepa-1', 'gepa-2', 'gepa-seed']]);
    expect(s.snapshots[1].islands[0]).toMatchObject({ bestProgram: 'gepa-merge', bestScore: 0.6, size: 4 });
    expect(s.snapshots[1].extra).toMatchObject({
      elitePool: true, initial_program_id: 'gepa-seed', rejection_history: ['gepa-rej-1', 'gepa-rej-2'],
      metric_best: { acc: ['gepa-merge', 0.6], speed: ['gepa-2', 0.95] }, program_at_metric_front: { acc: ['gepa-1', 'gepa-merge'] },
    });
    expect(r.warnings.find((w) => w.code === 'rejected-window')).toMatchObject({ count: 2 });
    expect(r.stats).toMatchObject({ rejectedPrograms: 2, programs: 6, invalidPrograms: 2 });
    // iterations.jsonl (the budget fork): a cost curve, and who made each program where one program carries the iteration
    expect(s.counters.map((c) => [c.at.iteration, c.values])).toEqual([
      [1, { cumulative_cost: 0.012, cumulative_input_tokens: 120, cumulative_output_tokens: 60 }],
      [2, { cumulative_cost: 0.032, cumulative_input_tokens: 320, cumulative_output_tokens: 140 }],
      [3, { cumulative_cost: 0.072, cumulative_input_tokens: 620, cumulative_output_tokens: 240 }],
      [4, { cumulative_cost: 0.087, cumulative_input_tokens: 770, cumulative_output_tokens: 310, iterations: 4 }],
    ]);
    expect(p.get('gepa-1')!.origin).toEqual({ operator: null, model: 'gpt-5-mini', promptTokens: 100, completionTokens: 50, cost: 0.01 }); // the guide call left out
    expect(merge.origin).toEqual({ operator: 'merge', model: 'gpt-5', promptTokens: 300, completionTokens: 100, cost: 0.04 });
    expect(p.get('gepa-rej-2')!.origin).toEqual({ operator: null, model: 'o4-mini', promptTokens: 150, completionTokens: 70, cost: 0.015 });
    expect(p.get('gepa-2')!.origin).toBeNull(); // iteration 2 made gepa-2 and gepa-rej-1: whose call it was is unknown
    expect(r.warnings.find((w) => w.code === 'origin-ambiguous')).toMatchObject({ count: 2 });
    expect(r.warnings.find((w) => w.code === 'origin-partial')).toMatchObject({ count: 3 }); // the seed and the two of iteration 2
  });
});

describe('OpenEvolve-native', () => {
  it("reads OpenEvolve's islands, feature maps and migrant copies from the sidecar", async () => {
    const r = await one('openevolve_native');
    const s = valid(r);
    const p = byId(r);
    expect(p.get('oe-1')!.code).toBe('y = 1\n');
    expect(p.get('oe-1-mig')).toMatchObject({ isMigrant: true, island: 1, parents: [{ externalId: 'oe-1', operator: 'migration' }] });
    expect(s.snapshots).toHaveLength(1);
    expect(s.snapshots[0].islands[1]).toMatchObject({ programs: ['oe-1-mig'], bestProgram: 'oe-1-mig', featureMap: { '3-4': 'oe-1-mig' }, counters: { generation: 1 } });
    expect(s.events).toEqual([expect.objectContaining({ kind: 'migration', fromIsland: 0, toIsland: 1, program: 'oe-1-mig', source: 'oe-1' })]);
    expect(s.missing.featureMaps).toBeUndefined();
  });
});

describe('top-k and hostile input', () => {
  it('reads a search without a sidecar', async () => {
    const r = await one('topk');
    expect(r.programs.map((x) => x.externalId).sort()).toEqual(['tk-1', 'tk-seed']);
    expect(valid(r).missing.islands).toMatch(/no sidecar/);
  });

  it('refuses malformed JSON naming the file, and a program without a source', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sky-bad-'));
    try {
      fs.cpSync(path.join(FIXTURES, 'topk'), dir, { recursive: true });
      const progs = path.join(dir, 'outputs/topk/demo_0101_1600/checkpoints/checkpoint_1/programs');
      fs.writeFileSync(path.join(progs, 'tk-1.json'), '{"id": "tk-1", "solution": "z = 1\\n", "metrics": {');
      await expect(readRunsFromPath(dir)).rejects.toThrow(/checkpoint_1\/programs\/tk-1\.json/);
      fs.writeFileSync(path.join(progs, 'tk-1.json'), JSON.stringify({ id: 'tk-1', solution: null, metrics: {} }));
      await expect(readRunsFromPath(dir, { format: 'skydiscover' })).rejects.toThrow(/program tk-1 has no source/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GEPA-native rejection_history entries without an id', () => {
  it('are left out with a warning, never given a made-up id', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sky-gepa-'));
    try {
      fs.cpSync(path.join(FIXTURES, 'gepa_native'), dir, { recursive: true });
      const file = path.join(dir, 'outputs/gepa_native/demo_0101_1400/checkpoints/checkpoint_4/gepa_metadata.json');
      const sidecar = JSON.parse(fs.readFileSync(file, 'utf8'));
      sidecar.rejection_history.push({ solution: 'P = "anon"\n', metrics: {} }, 'not a program');
      fs.writeFileSync(file, JSON.stringify(sidecar));
      const [r] = await readRunsFromPath(dir);
      expect(r.programs).toHaveLength(6);
      expect(r.warnings.find((w) => w.code === 'rejected-without-id')).toMatchObject({ count: 2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('streaming and analysis', () => {
  it('streams light records and reads the same full records back', async () => {
    const full = await one('gepa_native');
    const light = await one('gepa_native', { streamPrograms: true });
    expect(light.programs.find((x) => x.externalId === 'gepa-merge')!.origin?.model).toBe('gpt-5');
    expect(light.loadPrograms).toBeTypeOf('function');
    expect(light.programs.every((x) => x.code === '' && !x.contexts?.length)).toBe(true);
    const ids = full.programs.map((x) => x.externalId);
    const loaded: ProgramRecord[] = await light.loadPrograms!(ids);
    expect(loaded).toEqual(full.programs);
  });

  it('drops prompts and artifacts for `analyze`, never the source', async () => {
    const r = await one('adaevolve', { forAnalysis: true });
    const p = byId(r);
    expect(p.get('ada-1')!.code).toBe('def f():\n    return 2\n');
    expect(p.get('ada-1')!.contexts).toEqual([]);
  });
});

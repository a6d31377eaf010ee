import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { componentsText, splitComponents } from '../trace/components';
import { programRecordSchema, type ImportedRun } from '../trace/schema';
import { searchStateSchema } from '../trace/searchState';
import { detectFormat } from './detect';
import { gepaFormat } from './gepa';
import { readRunsFromPath } from './index';

// Fixtures written from gepa's source (tests/fixtures/gepa/): run_dir is GEPAResult.to_dict() +
// GEPAState.full_program_trace (the keys the reflective and merge proposers write) for 4 candidates (seed 0; 1 and 2 reflective mutations of 0; 3 a
// merge of 1 and 2 over ancestor 0), a rejected mutation (i=1), a parent already perfect on its
// minibatch (i=4) and a rejected merge (i=5). The run_dir, optimize_anything and state_only folders
// also hold a gepa_state.bin that would run a shell command if unpickled; guardPickle() fails a
// test that opens it.
const FIX = path.resolve(import.meta.dirname, '../../tests/fixtures/gepa');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-gepa-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const read = async (dir: string): Promise<ImportedRun> => {
  const runs = await readRunsFromPath(dir);
  expect(runs).toHaveLength(1);
  for (const p of runs[0].programs) programRecordSchema.parse(p);
  searchStateSchema.parse(runs[0].searchState);
  return runs[0];
};
const byId = (run: ImportedRun) => new Map(run.programs.map((p) => [p.externalId, p]));
const codes = (run: ImportedRun) => run.warnings.map((w) => w.code);

/**
 * Every way lib/files and the importers open a file, made to throw on gepa_state.bin: a test that
 * reads a folder holding one fails if anything opens the pickle. (stat calls are allowed.)
 */
function guardPickle(): string[] {
  const opened: string[] = [];
  const guard = <A extends unknown[], R>(target: object, name: string) => {
    const original = (target as Record<string, (...a: A) => R>)[name].bind(target);
    vi.spyOn(target as Record<string, (...a: A) => R>, name).mockImplementation((...args: A) => {
      opened.push(String(args[0]));
      if (String(args[0]).includes('gepa_state')) throw new Error(`opened ${String(args[0])}`);
      return original(...args);
    });
  };
  for (const name of ['openSync', 'readFileSync', 'createReadStream']) guard(fs, name);
  for (const name of ['open', 'readFile']) guard(fs.promises, name);
  return opened;
}
afterEach(() => vi.restoreAllMocks());

describe('gepa run_dir (run_log.json + candidates.json)', () => {
  it('imports every candidate with its components, lineage, scores and minibatch scores', async () => {
    const opened = guardPickle();
    const run = await read(path.join(FIX, 'run_dir'));
    // Other formats' detection peeks at the JSON files too; nothing opens the pickle.
    expect([...new Set(opened.map((f) => path.basename(f)))].sort()).toEqual(['candidates.json', 'run_log.json']);
    expect(run.run).toMatchObject({ framework: 'gepa', name: 'run_dir', scoreMetric: 'val_aggregate_score', higherIsBetter: true });
    expect(run.run.meta).toEqual({
      gepa: {
        layout: 'run_dir', total_metric_calls: 70, num_full_val_evals: 4, seed: 0, best_idx: 3, total_reflection_cost: 0.0123,
        run_dir: 'runs/aime', validation_schema_version: 2,
      },
    });
    const p = byId(run);
    expect([...p.keys()]).toEqual(['0', '1', '2', '3', 'rejected-1', 'rejected-5']);
    const seed = p.get('0')!;
    expect(seed.components).toEqual({ system_prompt: expect.stringContaining('math tutor'), answer_format: 'Answer with a single number.' });
    // The seed's key order, each component under its header: what diffs and analyses read.
    expect(seed.code).toBe(componentsText(seed.components!, ['system_prompt', 'answer_format']));
    expect(splitComponents(seed.code)!.map((c) => c.name)).toEqual(['system_prompt', 'answer_format']);
    expect(seed).toMatchObject({ iteration: 0, parents: [], valid: true, score: 0.25 });
    expect(seed.metrics).toEqual({
      val_aggregate_score: 0.25, per_instance: { 0: 0, 1: 1, 2: 0, 3: 0 }, objective_scores: { accuracy: 0.25 }, discovery_eval_count: 0,
    });
    expect(p.get('1')).toMatchObject({
      iteration: 1, score: 0.5, valid: true, parents: [{ externalId: '0', operator: 'reflective_mutation' }],
      origin: { operator: 'reflective_mutation', model: null, promptTokens: null, completionTokens: null, cost: null },
      metrics: {
        subsample_ids: [3, 7, 1], subsample_scores_before: [0, 1, 0], subsample_scores_after: [1, 1, 0],
        evaluated_val_indices: ['0', '1', '2', '3'], discovery_eval_count: 16,
      },
    });
    expect(p.get('2')).toMatchObject({ iteration: 3, parents: [{ externalId: '0', operator: 'reflective_mutation' }] });
    expect(p.get('3')).toMatchObject({
      iteration: 4, score: 0.75, origin: { operator: 'merge' },
      parents: [{ externalId: '1', operator: 'merge' }, { externalId: '2', operator: 'merge' }],
      contextRefs: [{ externalId: '0', label: 'common ancestor' }],
      metrics: { subsample_ids: ['0', '2'], parent1_subsample_scores: [1, 0], parent2_subsample_scores: [0, 1], subsample_scores_after: [1, 1] },
    });
    expect(splitComponents(p.get('3')!.code)!.map((c) => c.text)).toEqual([
      expect.stringContaining('Check every arithmetic step'), expect.stringContaining("prefixed by 'Answer:'"),
    ]);
  });

  it('keeps rejected proposals as rejected programs, out of valid-only measures', async () => {
    const run = await read(path.join(FIX, 'run_dir'));
    const p = byId(run);
    expect(p.get('rejected-1')).toMatchObject({
      code: '', iteration: 2, valid: false, rejected: true, score: null, parents: [{ externalId: '1', operator: 'reflective_mutation' }],
      metrics: { subsample_ids: [2, 5, 6], subsample_scores_before: [1, 0, 0], subsample_scores_after: [0, 0, 0] },
    });
    expect(p.get('rejected-5')).toMatchObject({
      iteration: 6, rejected: true, origin: { operator: 'merge' }, contextRefs: [{ externalId: '0', label: 'common ancestor' }],
      metrics: { parent1_subsample_scores: [1, 0], parent2_subsample_scores: [1, 1], subsample_scores_after: [0, 1] },
      parents: [{ externalId: '1', operator: 'merge' }, { externalId: '3', operator: 'merge' }],
    });
    expect(run.stats).toMatchObject({ candidates: 4, rejectedProposals: 2, iterationsWithoutProposal: 1 });
  });

  it('puts the Pareto fronts in the final snapshot and says what the files lack', async () => {
    const run = await read(path.join(FIX, 'run_dir'));
    expect(run.searchState!.snapshots).toEqual([
      {
        at: { iteration: 6 }, kind: 'final', islands: [],
        extra: {
          pareto_front_instance: { 0: [1, 3], 1: [0, 1, 2, 3], 2: [2, 3], 3: [0, 1, 2, 3] },
          pareto_front_objective: { accuracy: [3] }, objective_pareto_front: { accuracy: 0.75 },
        },
      },
    ]);
    expect(codes(run)).toEqual(['gepa-rejected-text-missing', 'gepa-origin-missing', 'gepa-no-timestamps']);
    expect(run.warnings[0]).toMatchObject({ count: 2, file: 'run_log.json' });
  });

  it('takes model, tokens, cost, times and rejected texts from an agent-state tree beside it', async () => {
    const run = await read(path.join(FIX, 'run_dir_agent_state'));
    const p = byId(run);
    expect(run.run.meta).toMatchObject({ gepa: { layout: 'run_dir+agent_state_tree' } });
    expect(p.get('1')).toMatchObject({
      timestamp: 1764300060, origin: { operator: 'reflective_mutation', model: 'openai/gpt-4.1-mini', promptTokens: 1834, completionTokens: 412, cost: 0.0031 },
    });
    expect(p.get('rejected-1')).toMatchObject({ rejected: true, components: { system_prompt: expect.stringContaining('Never guess.') } });
    expect(p.get('rejected-1')!.code).toBe(componentsText(p.get('rejected-1')!.components!, ['system_prompt', 'answer_format']));
    expect(p.get('rejected-5')!.code).toBe('');
    expect(run.stats.programsCompletedFromTree).toBe(5);
    expect(run.warnings.find((w) => w.code === 'gepa-rejected-text-missing')).toMatchObject({ count: 1 });
    expect(run.warnings.find((w) => w.code === 'gepa-no-model')).toMatchObject({ count: 3 });
  });
});

describe('gepa agent-state tree (iterations/<id>/)', () => {
  it('reads components, val scores, origin, rejected proposals and the fronts', async () => {
    const run = await read(path.join(FIX, 'agent_state'));
    const p = byId(run);
    expect([...p.keys()]).toEqual(['0', '1', 'iter-2', '2']);
    expect(p.get('1')).toMatchObject({
      iteration: 1, timestamp: 1764300060, score: 0.5, valid: true, parents: [{ externalId: '0', operator: 'reflective_mutation' }],
      origin: { model: 'openai/gpt-4.1-mini', operator: 'reflective_mutation', promptTokens: 1834, completionTokens: 412, cost: 0.0031 },
      metrics: { val_aggregate_score: 0.5, per_instance: { 0: 1, 1: 1, 2: 0, 3: 0 }, subsample_scores_before: [0, 1, 0], subsample_scores_after: [1, 1, 0] },
      metadata: { gepa: { selected_component: 'system_prompt' } },
    });
    expect(p.get('1')!.code).toBe(componentsText(p.get('1')!.components!, ['answer_format', 'system_prompt']));
    expect(p.get('iter-2')).toMatchObject({ rejected: true, valid: false, score: null, parents: [{ externalId: '1' }] });
    expect(p.get('2')).toMatchObject({ score: 0.75, origin: { operator: 'merge' }, parents: [{ externalId: '0' }, { externalId: '1' }] });
    expect(run.searchState!.snapshots![0].extra).toEqual({
      pareto_front_instance: { 0: [1, 2], 1: [0, 1, 2], 2: [2], 3: [0, 1, 2] }, pareto_front_objective: { accuracy: [2] },
    });
    expect(codes(run)).toEqual(['gepa-no-model', 'gepa-no-tokens', 'gepa-no-cost']);
  });

  it('fails on a parent that is no candidate, naming the meta.json', async () => {
    const dir = path.join(tmp, 'tree-ghost');
    fs.cpSync(path.join(FIX, 'agent_state'), dir, { recursive: true });
    const meta = path.join(dir, 'iterations/1/meta.json');
    fs.writeFileSync(meta, JSON.stringify({ ...JSON.parse(fs.readFileSync(meta, 'utf8')), parent_program_ids: [7] }));
    await expect(readRunsFromPath(dir)).rejects.toThrow('iterations/1/meta.json: parents[0]: parent 7 of program 1 is no candidate of the run');
  });
});

describe('gepa optimize_anything output folder', () => {
  it('reads validated candidates, their evals and rejected proposals; never the pickle', async () => {
    const opened = guardPickle();
    const run = await read(path.join(FIX, 'optimize_anything'));
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((f) => f.includes('gepa_state'))).toEqual([]);
    const p = byId(run);
    expect([...p.keys()]).toEqual(['0', '1', 'eval-2']);
    expect(p.get('0')).toMatchObject({
      code: 'def pack(n):\n    return [(0.5, 0.5, 0.1)] * n\n', components: null, iteration: 0, timestamp: 1764300000, score: 0.4, valid: true,
      metrics: { val_score: 0.4, best_val_score: 0.4, total_evals_at_validation: 2, reflection_cost_so_far: 0, eval_calls: 2, eval_mean_score: 0.4 },
      evaluation: { status: 'ok', artifacts: { feedback: 'all circles overlap' } },
    });
    expect(p.get('1')).toMatchObject({ iteration: 1, timestamp: 1764300006, score: 0.72, metrics: { eval_calls: 2, eval_cost: 0.002, reflection_cost_so_far: 0.0048 } });
    expect(p.get('1')!.metrics!.eval_mean_score).toBeCloseTo(0.72);
    expect(p.get('eval-2')).toMatchObject({ code: 'def pack(n):\n    return []\n', rejected: true, valid: false, iteration: 0, timestamp: 1764300004 });
    expect(run.run.meta).toMatchObject({
      gepa: { layout: 'optimize_anything', summary: { best_score: 0.74, total_evals: 5 }, progress: expect.arrayContaining([expect.objectContaining({ val_score: 0.41 })]) },
    });
    expect(codes(run)).toEqual(['gepa-lineage-missing', 'gepa-origin-missing', 'gepa-no-per-instance', 'gepa-rejected-from-evals', 'gepa-state-bin-ignored']);
    expect(run.stats).toMatchObject({ validated: 2, rejectedProposals: 1, evalCalls: 5 });
  });

  it('keeps a legacy dict candidate as components', async () => {
    const dir = path.join(tmp, 'oa-dict');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'candidates.jsonl'), JSON.stringify({ candidate_id: 0, candidate: { b: 'B', a: 'A' } }) + '\n');
    fs.writeFileSync(path.join(dir, 'progress_log.jsonl'), JSON.stringify({ val_score: 1, candidate_id: 0 }) + '\n');
    const run = await read(dir);
    expect(run.programs[0]).toMatchObject({ components: { b: 'B', a: 'A' }, code: '### component: b ###\nB\n\n### component: a ###\nA\n' });
  });
});

describe('gepa hostile inputs', () => {
  it('refuses a folder holding only gepa_state.bin, naming what it reads and the setting that writes it', async () => {
    guardPickle();
    const err = await readRunsFromPath(path.join(FIX, 'state_only')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^state_only holds only gepa_state\.bin, a Python pickle: Evoscope never loads one/);
    expect((err as Error).message).toContain('run_log.json + candidates.json');
    expect((err as Error).message).toContain('candidates.jsonl, progress_log.jsonl, evals/, summary.json');
    expect((err as Error).message).toContain('OptimizeAnythingConfig.output_dir');
  });

  it('fails on a cycle of parents, naming the file and entry', async () => {
    await expect(readRunsFromPath(path.join(FIX, 'hostile_cycle'))).rejects.toThrow('candidates.json: parents[2]: a cycle of parents (1 -> 2 -> 1)');
  });

  it('fails on a candidate index out of range, naming the file and entry', async () => {
    await expect(readRunsFromPath(path.join(FIX, 'hostile_range'))).rejects.toThrow(
      'run_log.json: entry 1 (i=1): selected_program_candidate 9 is out of range (2 candidates in candidates.json)',
    );
    const dir = path.join(tmp, 'front-range');
    fs.cpSync(path.join(FIX, 'run_dir'), dir, { recursive: true });
    const file = path.join(dir, 'candidates.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), per_val_instance_best_candidates: { 0: [4] } }));
    await expect(readRunsFromPath(dir)).rejects.toThrow('candidates.json: per_val_instance_best_candidates["0"]: candidate index 4 is out of range (4 candidates)');
  });
});

describe('gepa component names', () => {
  it('refuses a name with a line break (it would forge a header in the code view), naming the entry', async () => {
    const dir = path.join(tmp, 'bad-name');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'candidates.json'), JSON.stringify({ candidates: [{ ok: 'a' }, { 'x ###\n### component: y': 'b' }] }));
    fs.writeFileSync(path.join(dir, 'run_log.json'), '[]');
    await expect(readRunsFromPath(dir)).rejects.toThrow(/^candidates\.json: candidates\[1\]: component name "x ###\\n### component: y" is empty/);
  });
});

describe('gepa detection', () => {
  it('claims each GEPA layout, and nothing in a folder of unrelated JSON', async () => {
    for (const name of ['run_dir', 'run_dir_agent_state', 'agent_state', 'optimize_anything', 'state_only']) {
      expect((await detectFormat(path.join(FIX, name)))?.format, name).toBe('gepa');
    }
    const other = path.join(tmp, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'candidates.json'), '[]');
    fs.writeFileSync(path.join(other, 'notes.bin'), 'x');
    expect(await gepaFormat.detect(other)).toBe(false);
  });

  it('finds a GEPA run below the upload root', async () => {
    const runs = await readRunsFromPath(FIX, { format: 'gepa' }).catch((e: Error) => e);
    // The fixture folder holds hostile runs too: the first failing one is named with its path.
    expect((runs as Error).message).toMatch(/^(hostile_cycle|hostile_range)\//);
  });
});

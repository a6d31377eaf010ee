import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchStateSchema } from '../trace/searchState';
import type { ImportedRun, ProgramRecord } from '../trace/schema';
import { eohFormat } from './eoh';
import { jsonlFormat } from './jsonl';
import { llameaFormat, readLlameaRuns } from './llamea';

// The BLADE comparison experiment (shared/real-runs/SOURCES.md section 4). Expected numbers
// come from a throwaway python3 pass over the raw files, independent of this importer:
//   for e in experimentlog.jsonl rows (9; the 10th line is empty): rows = log_dir/log.jsonl
//     programs = len(rows)                                       -> 50 each, 450 in all
//     edges    = sum(len(r['parent_ids']))                       -> 46,46,46 | 44,41,45 | 0,0,0 = 268
//     invalid  = rows with a non-empty error or fitness "-inf"   -> 16,12,16 | 12,13,12 | 14,8,16 = 119
//       (LLaMEA-Prompt5 and EoH: error <=> "-inf"; GA-LLaMEA: the 37 errors have fitness 0.0)
//   conversationlog.jsonl: 100 entries per run, strictly client/model alternating; the code of
//   row k is in response k for 50 rows of every run except run-EoH-MA_BBOB-1 (row 41: the
//   logged code differs in one method) and run-LLaMEA-Prompt5-MA_BBOB-1 (row 18: the code is
//   LLaMEA's "Could not extract generated code" placeholder); no row's code is in another turn.
//   EoH final solutions have ids absent from log.jsonl; their code is rows 38, 17 and 35.
const REAL = path.join(
  process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs'),
  'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts',
);
const EXP = path.join(REAL, 'results', 'COMPARISON-PROMPTS_20260208_032906');

const NAMES = [
  'run-LLaMEA-Prompt5-MA_BBOB-0', 'run-LLaMEA-Prompt5-MA_BBOB-1', 'run-LLaMEA-Prompt5-MA_BBOB-2',
  'run-GA-LLAMEA-Baseline-MA_BBOB-0', 'run-GA-LLAMEA-Baseline-MA_BBOB-1', 'run-GA-LLAMEA-Baseline-MA_BBOB-2',
  'run-EoH-MA_BBOB-0', 'run-EoH-MA_BBOB-1', 'run-EoH-MA_BBOB-2',
];

let runs: ImportedRun[];
const run = (name: string) => runs.find((r) => r.run.name === name) as ImportedRun;
const prog = (r: ImportedRun, id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;
const codes = (r: ImportedRun) => r.warnings.map((w) => w.code);

describe('LLaMEA / BLADE experiment', () => {
  beforeAll(async () => {
    if (!fs.existsSync(EXP)) throw new Error(`real LLaMEA/BLADE experiment missing: ${EXP} (set EVOSCOPE_REAL_RUNS)`);
    runs = await readLlameaRuns(EXP);
  });

  it('reads one run per folder, in experimentlog.jsonl order, with exact counts', () => {
    expect(runs.map((r) => r.run.name)).toEqual(NAMES);
    expect(runs.map((r) => r.programs.length)).toEqual(Array(9).fill(50));
    expect(runs.map((r) => r.stats.edges)).toEqual([46, 46, 46, 44, 41, 45, 0, 0, 0]);
    expect(runs.map((r) => r.stats.invalidPrograms)).toEqual([16, 12, 16, 12, 13, 12, 14, 8, 16]);
    expect(runs.reduce((s, r) => s + r.programs.length, 0)).toBe(450);
    expect(runs.reduce((s, r) => s + r.stats.edges, 0)).toBe(268);
    expect(runs.reduce((s, r) => s + r.stats.invalidPrograms, 0)).toBe(119);
  });

  it('describes each run from experimentlog.jsonl and progress.json', () => {
    const r = run('run-GA-LLAMEA-Baseline-MA_BBOB-0');
    expect(r.run).toMatchObject({
      framework: 'llamea', task: 'MA_BBOB', language: 'python', scoreMetric: 'fitness', higherIsBetter: true,
      modelConfig: { name: 'gemini-2.0-flash', model: 'gemini-2.0-flash' }, budget: { evaluations: 50 },
      config: { seed: 0, problem: { name: 'MA_BBOB', dims: [5] } },
    });
    expect(r.run.meta).toMatchObject({
      method: 'GA-LLAMEA-Baseline', seed: 0,
      solution: { id: 'ac79e3cd-91bb-4e55-8257-ef35d17b015c', fitness: 0.6269818555820013, matchedBy: 'id' },
      progress: { evaluations: 50, start_time: '2026-02-08T15:47:56.276817' },
      experiment: { current: 9, total: 9 },
    });
    expect(Math.max(...r.programs.filter((p) => p.valid).map((p) => p.score as number))).toBe(0.6269818555820013);
  });

  it('maps operators, parents, failures and feedback', () => {
    const ga = run('run-GA-LLAMEA-Baseline-MA_BBOB-0');
    const ops = new Map<string, number>();
    for (const p of ga.programs) ops.set(String(p.contexts?.[0]?.kind), (ops.get(String(p.contexts?.[0]?.kind)) ?? 0) + 1);
    expect(Object.fromEntries(ops)).toEqual({ init: 4, random_new: 17, crossover: 15, mutation: 14 });
    expect(prog(ga, '253aab75-4a28-44a5-8f04-6382ccb97c57')).toMatchObject({
      valid: false, score: 0, iteration: 1, generation: 1,
      invalidReason: 'error: Evaluation error: index 8 is out of bounds for axis 0 with size 8',
      parents: [
        { externalId: '1ed310d9-15ba-4afb-a105-61714769af62', operator: 'crossover' },
        { externalId: 'c6d5dad0-4879-443c-ad9d-84a3f3bb748c', operator: 'crossover' },
      ],
      evaluation: { status: 'failed', errors: 'Evaluation error: index 8 is out of bounds for axis 0 with size 8' },
    });
    const p5 = run('run-LLaMEA-Prompt5-MA_BBOB-0');
    expect(prog(p5, 'ce793343-56c3-4407-afe4-b814070ddbed')).toMatchObject({
      valid: false, score: null, metrics: { fitness: -Infinity },
      parents: [{ externalId: 'd83e47fb-f808-4342-af73-25d2c79f9fac', operator: null }],
    });
    expect(p5.warnings).toContainEqual(expect.objectContaining({ code: 'operator-unknown', count: 46 }));
    const ok = prog(ga, '2b146e9a-f71a-4f0f-817e-7a299972e78b');
    expect(ok).toMatchObject({ valid: true, score: 0.4000698557365253, evaluation: { status: 'ok', feedback: expect.stringMatching(/scored 0.400 on AOCC/) } });
    expect((ok.metrics as { aucs: number[] }).aucs).toHaveLength(20);
  });

  it('orders EoH runs by row position and says lineage is unknown', () => {
    for (const name of NAMES.slice(6)) {
      const r = run(name);
      expect(r.programs.map((p) => p.iteration)).toEqual([...Array(50).keys()]);
      expect(r.programs.every((p) => p.generation === 0 && !p.parents?.length)).toBe(true);
      expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'iteration-from-position', count: 50 }));
      expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'lineage-unknown', count: 50 }));
    }
    expect(codes(run(NAMES[0]))).not.toContain('lineage-unknown');
    // The final solution is re-id'd by EoH: found by its code.
    const eoh0 = run('run-EoH-MA_BBOB-0');
    expect(eoh0.run.meta).toMatchObject({ solution: { id: '6d0891c6-3601-47be-814a-bb3a56a6aff4', matchedBy: 'code', programId: eoh0.programs[38].externalId } });
  });

  it('attaches conversation turns by verified position, with tokens, cost and time', () => {
    expect(runs.every((r) => r.stats.programsWithPrompts === 50)).toBe(true);
    expect(runs.filter((r) => codes(r).includes('conversation-unverified')).map((r) => r.run.name)).toEqual([
      'run-LLaMEA-Prompt5-MA_BBOB-1', 'run-EoH-MA_BBOB-1',
    ]);
    const ga = run('run-GA-LLAMEA-Baseline-MA_BBOB-0');
    const first = ga.programs[0];
    expect(first.externalId).toBe('63f0c077-96e6-4854-be54-c1984df3c8a6');
    expect(first.timestamp).toBeCloseTo(1770565682.3334, 4);
    expect(first.contexts?.[0]).toMatchObject({ kind: 'init', model: 'gemini-2.0-flash', promptTokens: null, completionTokens: 633, extra: { codeFoundInResponse: true } });
    expect(first.contexts?.[0].cost).toBeCloseTo(0.0002909, 9);
    expect(first.contexts?.[0].user).toMatch(/^You are an excellent Python programmer/);
    // Who made it (issue 22): the row's operator and its conversation turn's model, tokens and cost.
    expect(first.origin).toEqual({ model: 'gemini-2.0-flash', operator: 'init', promptTokens: null, completionTokens: 633, cost: expect.closeTo(0.0002909, 9) });
    const eoh0 = run('run-EoH-MA_BBOB-0');
    expect(eoh0.run.meta).toMatchObject({ conversation: { messages: 100, prompts: 50, responses: 50, responseTokens: 36936, promptTokens: null, linkedToPrograms: true } });
    expect((eoh0.run.meta as { conversation: { cost: number } }).conversation.cost).toBeCloseTo(0.0221373, 9);
  });

  it('accepts one run folder or its log.jsonl, and is detected before the generic formats', async () => {
    const dir = path.join(EXP, 'run-EoH-MA_BBOB-2');
    const [one] = await readLlameaRuns(path.join(dir, 'log.jsonl'));
    expect(one.run).toMatchObject({ name: 'run-EoH-MA_BBOB-2', task: 'MA_BBOB', meta: { method: 'EoH', seed: 2 } });
    expect(one.stats.invalidPrograms).toBe(16);
    expect(await llameaFormat.detect(EXP)).toBe(true);
    expect(await llameaFormat.detect(dir)).toBe(true);
    expect(await llameaFormat.detect(REAL)).toBe(false);
    expect(await eohFormat.detect(EXP)).toBe(false);
    // A log.jsonl row has id and code, so the generic format matches too: llamea must come first.
    expect(await jsonlFormat.detect(path.join(dir, 'log.jsonl'))).toBe(true);
  });
});

describe('hand-made LLaMEA runs', () => {
  let tmp: string;
  const row = (id: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ id, fitness: 0.5, name: id, description: '', code: `class ${id}: pass`, configspace: '', generation: 0, feedback: '', error: '', parent_ids: [], operator: null, metadata: {}, task_prompt: '', ...extra });
  const write = (dir: string, file: string, lines: string[]) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
  };
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-llamea-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('does not attach turns when their count differs, and keeps only totals', async () => {
    const dir = path.join(tmp, 'run-a');
    write(dir, 'log.jsonl', [row('A'), row('B', { generation: 1, parent_ids: ['A'], operator: 'mutation' })]);
    const turn = (c: string) => [JSON.stringify({ role: 'client', time: '2026-01-01 00:00:00', content: 'p', cost: 0.1, tokens: 0 }), JSON.stringify({ role: 'm', time: '2026-01-01 00:00:01', content: c, cost: 0.2, tokens: 7 })];
    write(dir, 'conversationlog.jsonl', turn('class A: pass'));
    const [r] = await readLlameaRuns(dir);
    expect(r.programs.every((p) => p.contexts?.length === 0 && p.timestamp == null)).toBe(true);
    expect(r.run.meta).toMatchObject({ conversation: { messages: 2, responseTokens: 7, linkedToPrograms: false, link: '1 prompt/response turns for 2 log.jsonl rows' } });
    expect(codes(r)).toEqual(expect.arrayContaining(['conversation-not-linked', 'timestamps-unknown', 'experiment-unknown']));
    expect(r.programs.map((p) => p.iteration)).toEqual([0, 1]);
  });

  it('fails on duplicate ids and on bad lines, naming file and line', async () => {
    const dup = path.join(tmp, 'run-dup');
    write(dup, 'log.jsonl', [row('A'), '', row('A')]);
    await expect(readLlameaRuns(dup)).rejects.toThrow('log.jsonl:3: duplicate id "A" (first on line 1)');
    const bad = path.join(tmp, 'run-bad');
    write(bad, 'log.jsonl', [row('A'), '{"id": "B", "fitness": 1, "code": ']);
    await expect(readLlameaRuns(bad)).rejects.toThrow(/^log\.jsonl:2: invalid JSON/);
    const parents = path.join(tmp, 'run-parents');
    write(parents, 'log.jsonl', [row('A', { parent_ids: 'x' })]);
    await expect(readLlameaRuns(parents)).rejects.toThrow('log.jsonl:1: "parent_ids" must be a list of ids');
  });
});

// Cost and tokens over time (issue 12). From a python3 pass over run-EoH-MA_BBOB-0/conversationlog.jsonl
// (cost summed over every entry so far, tokens over the answers, time read as UTC):
//   50 answers; first at 1770571159.209035 with cost 0.0003224 (6.56e-05 + 0.0002568) and 642
//   tokens; last at 1770572512.716627 with cost 0.0221373 and 36936 tokens; prompts carry 0 tokens.
describe('LLaMEA search state', () => {
  beforeAll(async () => {
    runs ??= await readLlameaRuns(EXP);
  });

  it('turns the conversation into cumulative cost and token counters', () => {
    const s = searchStateSchema.parse(run('run-EoH-MA_BBOB-0').searchState);
    expect(s.counters).toHaveLength(50);
    const [first, last] = [s.counters[0], s.counters[49]];
    expect(first.at).toEqual({ iteration: 0, timestamp: 1770571159.209035 });
    expect(first.values.cumulative_cost).toBeCloseTo(0.0003224, 12);
    expect(first.values).toMatchObject({ cumulative_output_tokens: 642, iterations: 1 });
    expect(last.at).toEqual({ iteration: 49, timestamp: 1770572512.716627 });
    expect(last.values.cumulative_cost).toBeCloseTo(0.0221373, 9);
    expect(last.values).toMatchObject({ cumulative_output_tokens: 36936, iterations: 50 });
    expect(last.values.cumulative_input_tokens).toBeUndefined();
    expect(s.missing.tokens).toMatch(/input tokens are not counted/);
    expect(s.missing.costs).toBeUndefined();
    expect(Object.keys(s.missing).sort()).toEqual(['clusters', 'config', 'featureMaps', 'islands', 'migrations', 'resets', 'tokens']);
    expect(s.snapshots).toEqual([]);
    // Every run's last sample carries its conversation's total.
    for (const r of runs) {
      const total = (r.run.meta as { conversation: { cost: number } }).conversation.cost;
      expect(r.searchState!.counters!.at(-1)!.values.cumulative_cost).toBeCloseTo(total, 9);
    }
  });
});

import { originFromContexts } from './origin';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEvoTrace } from './evotraceExport';
import { ImportError, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { evotraceFormat, readEvoTraceRun } from './evotrace';
import { blobPath, contextsToPrompts, promptsToContexts, pythonJsonDumps } from './evotraceLayout';

// A small refined-layout run written by hand the way EvoReplay's refine_outputs.py writes an
// OpenEvolve run (sources and prompts as blobs, passthrough fields, status/source columns):
//   p0 seed (island in metadata), p1 child of p0 with a prompts blob (island only in
//   iterations.jsonl, newest row wins), p2 child of p1 with an inline solution and a bare NaN
//   score (Python's json.dumps writes one), p3 with a ghost parent and an error metric, and one
//   row without an id (EvoReplay skips those).
const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const codes = {
  p0: 'def f(x):\n    return x\n',
  p1: 'def f(x):\r\n    return x * 2  # CRLF and no final newline: bytes kept as they are',
  p2: '# ünïcödé ✓ and a tab\t\nprint("p2")\n',
  p3: 'raise SystemExit(1)\n',
};
const prompts = { full_rewrite_user: { system: 'You evolve code.', user: 'Improve f.', responses: ['```python\nnew\n```'] } };
const promptsText = pythonJsonDumps(prompts);
const row = (id: string, extra: Record<string, unknown>) => ({
  id, language: 'python', metrics: { combined_score: 0.5 }, iteration_found: 0, parent_id: null, other_context_ids: [],
  parent_info: null, context_info: null, timestamp: 1700000000, metadata: {}, generation: 0, status: 'accepted',
  source: 'checkpoint.programs', solution_sha256: null, prompts_sha256: null, artifacts: null, ...extra,
});

let tmp: string;
let runDir: string;

function write(root: string, rel: string, content: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function makeRun(name: string, tweak?: (dir: string) => void) {
  const dir = path.join(tmp, name);
  write(dir, 'meta.json', JSON.stringify({ backend: 'openevolve_native', source: '/runs/x', refined_at: null, counts: { checkpoints: 2 }, schema_version: 1 }, null, 2));
  write(dir, 'run_config.yaml', 'language: python\nllm:\n  models:\n    - name: deepseek-reasoner\n');
  for (const id of ['p0', 'p1', 'p3'] as const) write(dir, blobPath(sha(codes[id]), 'txt'), codes[id]);
  write(dir, blobPath(sha(promptsText), 'json'), promptsText);
  const rows = [
    JSON.stringify(row('p0', { solution_sha256: sha(codes.p0), metrics: { combined_score: 0.1 }, metadata: { island: 0 } })),
    JSON.stringify(row('p1', { solution_sha256: sha(codes.p1), prompts_sha256: sha(promptsText), parent_id: 'p0', iteration_found: 1, generation: 1 })),
    JSON.stringify(row('p2', { solution: codes.p2, parent_id: 'p1', iteration_found: 2, metrics: { combined_score: '@@' }, metadata: { island: 1 } }))
      .replace('"@@"', 'NaN'),
    JSON.stringify(row('p3', { solution_sha256: sha(codes.p3), parent_id: 'ghost', iteration_found: 3, metrics: { combined_score: 0, error: 'boom' }, metadata: { island: 1 } })),
    JSON.stringify(row('', { solution: 'x' })),
  ];
  write(dir, 'programs.jsonl', `${rows.join('\n')}\n\n`);
  const member = (iteration: number, island: number, id: string) => ({ iteration, role: 'island_member', island_idx: island, slot_key: 0, program_id: id, value: null });
  write(dir, 'iterations.jsonl', [member(10, 1, 'p1'), member(20, 2, 'p1'), { iteration: 20, role: 'archive', island_idx: null, slot_key: 0, program_id: 'p1', value: null }]
    .map((r) => JSON.stringify(r)).join('\n'));
  write(dir, 'iter_scalars.jsonl', [
    { iteration: 10, key: 'best_program_id', value: 'p0' }, { iteration: 20, key: 'best_program_id', value: 'p1' },
    { iteration: 20, key: 'last_iteration', value: 20 },
  ].map((r) => JSON.stringify(r)).join('\n'));
  tweak?.(dir);
  return dir;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-evotrace-'));
  runDir = makeRun('heilbronn_triangle_dpsk-reasoner_100_aaaaaa');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('readEvoTraceRun on a refined layout written like refine_outputs.py', () => {
  let r: ImportedRun;
  const byId = (id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;
  beforeAll(async () => {
    r = await evotraceFormat.read(runDir, {}).then((runs) => runs[0]);
  });

  it('detects the layout by meta.json + programs.jsonl', async () => {
    expect(await evotraceFormat.detect(runDir)).toBe(true);
    expect(await evotraceFormat.detect(tmp)).toBe(false);
  });

  it('resolves sources from blobs (or inline `solution`) byte for byte', () => {
    expect(r.programs.map((p) => p.externalId)).toEqual(['p0', 'p1', 'p2', 'p3']);
    for (const [id, code] of Object.entries(codes)) expect(byId(id).code).toBe(code);
  });

  it('maps prompts blobs to contexts, parents, islands and iterations', () => {
    expect(byId('p1').contexts).toEqual([
      { kind: 'full_rewrite_user', system: 'You evolve code.', user: 'Improve f.', response: '```python\nnew\n```', model: null, promptTokens: null, completionTokens: null, cost: null },
    ]);
    expect(byId('p0').contexts).toEqual([]);
    expect(byId('p1').parents).toEqual([{ externalId: 'p0', operator: 'mutation' }]);
    expect(byId('p0')).toMatchObject({ island: 0, iteration: 0, timestamp: 1700000000, language: 'python' });
    expect(byId('p1')).toMatchObject({ island: 2, iteration: 1, generation: 1 }); // newest island_member row
    expect(byId('p1').metadata).toMatchObject({ status: 'accepted', source: 'checkpoint.programs' });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'lineage-unknown', count: 1 }));
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'rows-skipped', count: 1 }));
  });

  it('derives validity from the metrics, keeping failed programs', () => {
    expect(byId('p1')).toMatchObject({ valid: true, score: 0.5 });
    expect(byId('p2')).toMatchObject({ valid: false, score: null, invalidReason: 'combined_score is NaN' });
    expect(byId('p3')).toMatchObject({ valid: false, invalidReason: 'error: boom', evaluation: { status: 'failed', errors: 'boom' } });
  });

  it('describes the run from meta.json, run_config.yaml and iter_scalars.jsonl', () => {
    expect(r.run).toMatchObject({
      name: 'heilbronn_triangle_dpsk-reasoner_100_aaaaaa', framework: 'openevolve_native', language: 'python', scoreMetric: 'combined_score',
      config: { language: 'python' }, modelConfig: { models: [{ name: 'deepseek-reasoner' }] },
    });
    expect(r.run.meta).toMatchObject({ evotrace: { backend: 'openevolve_native', schema_version: 1 }, iterScalars: { best_program_id: 'p1', last_iteration: 20 } });
    expect(r.stats).toMatchObject({ programs: 4, programsWithPrompts: 1, invalidPrograms: 2, iterationRows: 3 });
  });
});

describe('bad input', () => {
  it('fails on a missing source blob, naming the blob and the programs.jsonl line', async () => {
    const dir = makeRun('missing-code', (d) => fs.rmSync(path.join(d, blobPath(sha(codes.p1), 'txt'))));
    const err = await readEvoTraceRun(dir).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toBe(`programs.jsonl:2: program p1: solution_sha256 names ${blobPath(sha(codes.p1), 'txt')}, which is missing`);
  });

  it('fails on a missing prompts blob', async () => {
    const dir = makeRun('missing-prompts', (d) => fs.rmSync(path.join(d, blobPath(sha(promptsText), 'json'))));
    await expect(readEvoTraceRun(dir)).rejects.toThrow(`${blobPath(sha(promptsText), 'json')}, which is missing`);
  });

  it('never turns a hash that is not a sha256 into a path', async () => {
    const dir = makeRun('traversal', (d) =>
      fs.appendFileSync(path.join(d, 'programs.jsonl'), `${JSON.stringify(row('p9', { solution_sha256: '../../../../etc/passwd' }))}\n`),
    );
    await expect(readEvoTraceRun(dir)).rejects.toThrow('programs.jsonl:7: program p9: solution_sha256 is not a sha256 hex digest');
  });

  it('fails on a programs.jsonl line that is not JSON, naming the line', async () => {
    const dir = makeRun('bad-line', (d) => fs.appendFileSync(path.join(d, 'programs.jsonl'), '{"id": "p9", \n'));
    const err = await readEvoTraceRun(dir).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toMatch(/^programs\.jsonl:7: invalid JSON/);
  });
});

describe('the prompts payload', () => {
  it('serialises as Python json.dumps(sort_keys=True, ensure_ascii=False) does', () => {
    expect(pythonJsonDumps({ b: [1, true, null], a: 'é\n"', c: {} })).toBe('{"a": "é\\n\\"", "b": [1, true, null], "c": {}}');
  });

  it('round-trips contexts, extra keys and further responses included', () => {
    const contexts = [
      { kind: 'diff_user', system: 's', user: 'u', response: 'r1', model: 'm', promptTokens: 10, completionTokens: 5, cost: 0.25, extra: { moreResponses: ['r2'], temperature: 0.7 } },
      { kind: 'diff_user', system: null, user: 'u2', response: null, model: null, promptTokens: null, completionTokens: null, cost: null },
    ];
    const payload = contextsToPrompts(contexts)!;
    expect(Object.keys(payload)).toEqual(['diff_user', 'diff_user#2']);
    expect(payload.diff_user).toMatchObject({ system: 's', user: 'u', responses: ['r1', 'r2'], temperature: 0.7, prompt_tokens: 10 });
    const back = promptsToContexts(JSON.parse(JSON.stringify(payload))).contexts;
    expect(back[0]).toEqual(contexts[0]);
    expect(back[1]).toEqual({ ...contexts[1], kind: 'diff_user#2' });
  });
});

describe('writeEvoTrace -> readEvoTraceRun', () => {
  const programs: ProgramRecord[] = [
    {
      externalId: 'seed', code: codes.p0, language: 'python', iteration: 0, generation: 0, timestamp: 1.5, island: 0, valid: true,
      invalidReason: null, score: 1, metrics: { combined_score: 1 }, metadata: { changes: 'seed' }, isMigrant: false, parents: [], evaluation: null, contexts: [],
    },
    {
      externalId: 'child', code: codes.p2, language: 'python', iteration: 4, generation: 1, timestamp: 2.5, island: 1, valid: false,
      invalidReason: 'correct is false', score: 0.5, metrics: { combined_score: 0.5 }, isMigrant: false, // no metadata: written as {}, read back as none
      parents: [{ externalId: 'seed', operator: 'crossover' }, { externalId: 'other', operator: 'crossover' }],
      evaluation: { status: 'failed', output: 'out', errors: 'err', timingMs: 12.5, publicMetrics: { t: 1 }, privateMetrics: { h: 2 }, artifacts: { log: 'x' }, feedback: 'slow' },
      contexts: [{ kind: 'diff_user', system: 's', user: 'u', response: 'r', model: 'gpt', promptTokens: 3, completionTokens: 4, cost: 0.01 }],
    },
    {
      externalId: 'migrant', code: codes.p2, language: 'python', iteration: 0, generation: 1, timestamp: 3.5, island: 2, valid: true,
      invalidReason: null, score: 0.5, metrics: { combined_score: 0.5 }, metadata: { migrant: true }, isMigrant: true,
      parents: [{ externalId: 'child', operator: 'migration' }], evaluation: null, contexts: [],
    },
  ];
  const run = {
    name: 'round trip', framework: 'llamea', task: 'bbob', language: 'python', scoreMetric: 'combined_score', higherIsBetter: false,
    config: { language: 'python', budget: 10 }, meta: { note: 'kept' }, budget: { maxIterations: 10 }, modelConfig: { model: 'gpt' },
    evaluatorCommand: 'python evaluate.py', sourceKind: 'directory', sourcePath: '/x',
    replay: { evaluatorCommand: 'python evaluate.py', files: { 'evaluate.py': 'print(1)\n', 'data/in.txt': 'ä' }, timeoutSeconds: 30, notes: 'cpu' },
  };

  it('gives back the same run and programs', async () => {
    const out = path.join(tmp, 'export-1');
    async function* stream() {
      yield* programs;
    }
    const s = await writeEvoTrace(out, { run, bestProgramExternalId: 'seed', bestScore: 1, programs: stream() });
    expect(s).toMatchObject({ programs: 3, edges: 3, invalidPrograms: 1, prompts: 1, evaluations: 1, islands: 3, blobs: { solution: 2, prompts: 1, replay: 2 } });
    expect(fs.readdirSync(out).sort()).toEqual(
      ['blobs', 'evaluate.py', 'iter_scalars.jsonl', 'iterations.jsonl', 'meta.json', 'programs.jsonl', 'replay_environment.json', 'run_config.yaml'],
    );
    const rows = fs.readFileSync(path.join(out, 'programs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows[1]).toMatchObject({ id: 'child', solution: codes.p2, solution_sha256: sha(codes.p2), parent_id: 'seed', iteration_found: 4, status: 'failed' });
    expect(fs.readFileSync(path.join(out, blobPath(sha(codes.p2), 'txt')), 'utf8')).toBe(codes.p2);

    const back = await readEvoTraceRun(out);
    expect(back.programs).toEqual(programs.map((p) => ({
      ...p,
      contexts: p.contexts!.map((c) => ({ ...c })),
      evaluation: p.evaluation ?? null,
      // Read back from the prompts (template key, model, tokens, cost); none for a migrant copy.
      origin: p.isMigrant ? null : originFromContexts(p.contexts, p.contexts?.[0]?.kind),
    })));
    expect(back.run).toMatchObject({ ...run, sourcePath: path.resolve(out), replay: { ...run.replay, dependencies: undefined } });
    expect(back.warnings).toEqual([expect.objectContaining({ code: 'lineage-unknown', count: 1 })]);
  });

  it('refuses a directory that is not empty', async () => {
    const out = path.join(tmp, 'export-busy');
    write(out, 'keep.txt', 'mine');
    await expect(writeEvoTrace(out, { run, programs })).rejects.toThrow('is not empty');
    expect(fs.readdirSync(out)).toEqual(['keep.txt']);
  });
});

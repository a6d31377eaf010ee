import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../files/errors';
import { ImportError, programRecordSchema, programStatus, runRecordSchema, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { searchStateSchema } from '../trace/searchState';
import { readShinkaRuns, shinkaFormat } from './shinka';
import { matchParentsByContent } from './shinkaLineage';
import { writeShinkaRunWithOmegaConf } from './testOmegaConf';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-shinka-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(root: string, files: Record<string, unknown>) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content));
  }
}

const byId = (r: ImportedRun, id: string) => {
  const p = r.programs.find((x) => x.externalId === id);
  if (!p) throw new Error(`no program ${id}`);
  return p as ProgramRecord;
};
const codes = (r: ImportedRun) => r.warnings.map((w) => w.code);
/** Every record must pass the trace schema the writer validates with. */
const expectSchemaValid = (r: ImportedRun) => {
  expect(() => runRecordSchema.parse(r.run)).not.toThrow();
  for (const p of r.programs) expect(() => programRecordSchema.parse(p), p.externalId).not.toThrow();
};
const ok = (score: number) => ({ 'results/metrics.json': { combined_score: score, public: { t: score }, private: { x: 1 }, text_feedback: 'fine' }, 'results/correct.json': { correct: true, error: null } });

// (a) The real CUCo run. Expected values come from an independent check, not from this code:
//   python3: sha1 of each gen_N/main.cu and gen_N/original.cu (after \r\n -> \n; no CR bytes
//   exist), parent = latest earlier gen whose main.cu has the original's sha1. Every original
//   matched at most one main, so "latest" is not exercised here (the synthetic run below does).
//   Result: 1<-0, 2<-1, 3<-0, 4<-2, 5<-2, 6<-2, 7<-2, 8<-7, 9<-8, 10<-7, 11<-6, 15<-9, 16<-13,
//   17<-14 (14 edges, as SOURCES.md says); gen_12, gen_13, gen_14 match nothing; gen_0 has no
//   original. `ls gen_4/results` = build.log, job_log.err, job_log.out (no metrics/correct);
//   correct.json is false for gen_12 and gen_15 (error "Verification failed: 'Verification:
//   PASS' not found."), true for the other 15. Best correct combined_score: gen_17,
//   83.95008663648942; sha1(best/main.cu) = sha1(gen_17/main.cu). search_replace.txt exists in
//   gen_12, 13, 14, 17; rewrite.txt in 1-11, 15, 16. Config: language cuda, num_generations 25.
const REAL_RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');
const CUCO = path.join(REAL_RUNS, 'shinka__UT-AiInfra__cuco__ds-v3-moe/workloads/ds_v3_moe/results_ds_v3_moe');

describe('the real CUCo ShinkaEvolve run (no database)', () => {
  let r: ImportedRun;
  beforeAll(async () => {
    if (fs.existsSync(CUCO)) [r] = await readShinkaRuns(CUCO);
  });
  // Missing data fails every test (a beforeAll failure would only show them as skipped).
  beforeEach(() => expect(fs.existsSync(CUCO), `real run missing at ${CUCO} (set EVOSCOPE_REAL_RUNS)`).toBe(true));

  it('is detected at the results folder and one level above it', async () => {
    expect(await shinkaFormat.detect(CUCO)).toBe(true);
    expect(await shinkaFormat.detect(path.dirname(CUCO))).toBe(true);
    expect(await shinkaFormat.detect(path.join(REAL_RUNS, 'shinka__UT-AiInfra__cuco__ds-v3-moe'))).toBe(false);
  });

  it('reads 18 CUDA programs with the run config', () => {
    expect(r.programs).toHaveLength(18);
    expectSchemaValid(r);
    expect(r.run).toMatchObject({ name: 'results_ds_v3_moe', framework: 'shinkaevolve', language: 'cuda', scoreMetric: 'combined_score', budget: { numGenerations: 25 } });
    expect((r.run.modelConfig as Record<string, unknown>).llm_models).toEqual(['bedrock/us.anthropic.claude-opus-4-5-20251101-v1:0']);
    expect((r.run.meta as { numIslands: number }).numIslands).toBe(2);
    expect(r.programs.map((p) => p.iteration)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(byId(r, 'gen_3').code).toBe(fs.readFileSync(path.join(CUCO, 'gen_3/main.cu'), 'utf8'));
  });

  it('rebuilds the 14 parent edges by content and leaves gen_12..14 unknown', () => {
    const edges = Object.fromEntries(r.programs.filter((p) => p.parents?.length).map((p) => [p.externalId, p.parents!.map((x) => x.externalId)]));
    expect(edges).toEqual({
      gen_1: ['gen_0'], gen_2: ['gen_1'], gen_3: ['gen_0'], gen_4: ['gen_2'], gen_5: ['gen_2'], gen_6: ['gen_2'], gen_7: ['gen_2'],
      gen_8: ['gen_7'], gen_9: ['gen_8'], gen_10: ['gen_7'], gen_11: ['gen_6'], gen_15: ['gen_9'], gen_16: ['gen_13'], gen_17: ['gen_14'],
    });
    expect(r.stats.parentEdges).toBe(14);
    expect(r.warnings).toContainEqual({
      code: 'lineage-unknown',
      message: 'lineage unknown for 3 programs (gen_12, gen_13, gen_14): their original.* matches no earlier main.*',
      count: 3,
    });
    expect((byId(r, 'gen_13').metadata as { lineage: { originalCode: string } }).lineage.originalCode).toBe(fs.readFileSync(path.join(CUCO, 'gen_13/original.cu'), 'utf8'));
    expect(codes(r)).toEqual(expect.arrayContaining(['no-database', 'run-truncated']));
    expect(r.warnings.find((w) => w.code === 'run-truncated')?.message).toContain('18 of 25 generations');
  });

  it('marks gen_4 (no results) not evaluated, gen_12 and gen_15 (correct=false) invalid', () => {
    const notValid = Object.fromEntries(r.programs.filter((p) => !p.valid).map((p) => [p.externalId, p.invalidReason]));
    const verification = "correct is false: Verification failed: 'Verification: PASS' not found.";
    expect(notValid).toEqual({ gen_4: 'no evaluation results', gen_12: verification, gen_15: verification });
    const status = Object.fromEntries(r.programs.filter((p) => !p.valid).map((p) => [p.externalId, programStatus(p)]));
    expect(status).toEqual({ gen_4: 'not_evaluated', gen_12: 'invalid', gen_15: 'invalid' });
    expect(r.programs.filter((p) => p.evaluated === false).map((p) => p.externalId)).toEqual(['gen_4']);
    expect(byId(r, 'gen_4')).toMatchObject({ score: null, evaluation: { status: 'missing' } });
    expect(byId(r, 'gen_12').evaluation).toMatchObject({ status: 'failed', errors: expect.stringContaining('Verification failed') });
  });

  it('finds the best program gen_17 and maps metrics, logs and answers', () => {
    const best = r.programs.filter((p) => p.valid).sort((a, b) => b.score! - a.score!)[0];
    expect(best).toMatchObject({ externalId: 'gen_17', score: 83.95008663648942 });
    expect((r.run.meta as { best: unknown }).best).toEqual({ file: 'best/main.cu', sameAs: 'gen_17' });
    const g0 = byId(r, 'gen_0');
    expect(g0.metrics).toMatchObject({ combined_score: 48.34304222764739, correct: true, rank0_tokens: expect.any(Number) });
    expect(g0.evaluation).toMatchObject({ status: 'ok', publicMetrics: { time_ms: expect.any(Number) }, privateMetrics: { stdout_excerpt: expect.any(String) } });
    expect(g0.evaluation?.feedback).toEqual(expect.any(String));
    expect(g0.evaluation?.output).toContain('Verification: PASS');
    expect(g0.contexts).toEqual([]);
    const kinds = r.programs.map((p) => p.contexts?.[0]?.kind ?? null);
    expect(kinds.filter((k) => k === 'search_replace')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'rewrite')).toHaveLength(13);
    expect(byId(r, 'gen_17').contexts?.[0].response).toBe(fs.readFileSync(path.join(CUCO, 'gen_17/search_replace.txt'), 'utf8'));
  });

  it('keeps the meta memory and summaries for the UI', () => {
    const meta = r.run.meta as { memory: Record<string, unknown>; summaries: Record<string, string> };
    expect(Object.keys(meta.summaries)).toEqual(['meta_8.txt', 'meta_12.txt']);
    expect(meta.summaries['meta_8.txt']).toContain('INDIVIDUAL PROGRAM SUMMARIES');
    expect(meta.memory.total_programs_meta_processed).toBe(18);
    expect(meta.memory.meta_recommendations).toEqual(expect.any(String));
  });
});

// (b) A small run with a database built here with sql.js, in Shinka's schema. The folders'
// original.* deliberately disagree with the database for gen_3 (content says prog-b): the
// database must win.
const SCHEMA = `
  CREATE TABLE programs (id TEXT PRIMARY KEY, code TEXT NOT NULL, language TEXT NOT NULL, parent_id TEXT,
    archive_inspiration_ids TEXT, top_k_inspiration_ids TEXT, generation INTEGER NOT NULL, timestamp REAL NOT NULL,
    code_diff TEXT, combined_score REAL, public_metrics TEXT, private_metrics TEXT, text_feedback TEXT, complexity REAL,
    embedding TEXT, embedding_pca_2d TEXT, embedding_pca_3d TEXT, embedding_cluster_id INTEGER, correct BOOLEAN DEFAULT 0,
    children_count INTEGER NOT NULL DEFAULT 0, metadata TEXT, migration_history TEXT, island_idx INTEGER, system_prompt_id TEXT);
  CREATE TABLE archive (program_id TEXT PRIMARY KEY);
  CREATE TABLE metadata_store (key TEXT PRIMARY KEY, value TEXT);`;

const code = (name: string) => `def f():\n    return '${name}'\n`;
interface Row { id: string; gen: number; parent?: string; island: number; score: number; correct?: boolean; ts: number; meta?: object; archive?: string[]; topK?: string[]; history?: object[] }
const ROWS: Row[] = [
  { id: 'seed-0', gen: 0, island: 0, score: 1, ts: 1000, meta: { patch_type: 'init', compute_time: 2.5 } },
  { id: 'seed-0-copy', gen: 0, island: 1, score: 1, ts: 1000, meta: { patch_type: 'init', _is_island_copy: true, _original_program_id: 'seed-0' } },
  {
    id: 'prog-a', gen: 1, parent: 'seed-0', island: 0, score: 2, ts: 1010,
    meta: { patch_type: 'diff', api_costs: 0.02, llm_result: { system_msg: 'sys', msg: 'improve it', model_name: 'gpt-x', input_tokens: 100, output_tokens: 20, cost: 0.01 } },
  },
  { id: 'prog-b', gen: 2, parent: 'seed-0-copy', island: 1, score: 3, ts: 1020, meta: { patch_type: 'full', embed_cost: 0.001 } },
  { id: 'prog-c', gen: 3, parent: 'prog-a', island: 0, score: 4, ts: 1030, meta: { patch_type: 'cross' }, archive: ['prog-b'], topK: ['prog-a'] },
  { id: 'prog-d', gen: 4, parent: 'prog-b', island: 0, score: 0, correct: false, ts: 1040, meta: { patch_type: 'diff' }, history: [{ generation: 4, from: 1, to: 0, timestamp: 1045 }] },
  { id: 'prog-e', gen: 5, parent: 'prog-c', island: 0, score: 5, ts: 1050, meta: { patch_type: 'cross' }, archive: ['prog-a', 'prog-b'] },
];
const codeOf = (row: Row) => code(row.id === 'seed-0-copy' ? 'seed-0' : row.id);

async function buildDb(): Promise<Uint8Array> {
  const SQL = await initSqlJs({ locateFile: (f) => path.resolve('node_modules/sql.js/dist', f) });
  const db = new SQL.Database();
  db.exec(SCHEMA);
  for (const r of ROWS) {
    db.run(
      `INSERT INTO programs (id, code, language, parent_id, archive_inspiration_ids, top_k_inspiration_ids, generation, timestamp,
        combined_score, public_metrics, private_metrics, text_feedback, correct, metadata, migration_history, island_idx, embedding)
       VALUES (?, ?, 'python', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[0.1, 0.2]')`,
      [r.id, codeOf(r), r.parent ?? null, JSON.stringify(r.archive ?? []), JSON.stringify(r.topK ?? []), r.gen, r.ts, r.score,
        JSON.stringify({ t: r.score }), JSON.stringify({ x: 1 }), 'db feedback', r.correct === false ? 0 : 1,
        JSON.stringify(r.meta ?? {}), JSON.stringify(r.history ?? []), r.island],
    );
  }
  db.run("INSERT INTO archive VALUES ('prog-c')");
  db.run("INSERT INTO metadata_store VALUES ('best_program_id', 'prog-c'), ('last_iteration', '5')");
  const bytes = db.export();
  db.close();
  // Shinka runs SQLite in WAL mode, which marks the header (bytes 18/19 = 2): such a file
  // must read as well.
  bytes[18] = 2;
  bytes[19] = 2;
  return bytes;
}

function dbRunFiles(): Record<string, unknown> {
  const files: Record<string, unknown> = {
    'experiment_config.yaml': 'evolution_config:\n  language: python\n  num_generations: 7\n  llm_models: [gpt-x]\ndatabase_config:\n  num_islands: 2\n  db_path: results_db/evolution_db.sqlite\n',
    'gen_0/main.py': code('seed-0'),
    ...prefix('gen_0', ok(1)),
  };
  const originals: Record<number, string> = { 1: 'seed-0', 2: 'seed-0', 3: 'prog-b', 4: 'prog-b', 5: 'prog-c', 6: 'prog-c' };
  for (let g = 1; g <= 6; g++) {
    const main = g <= 5 ? ROWS.find((r) => r.gen === g && !r.id.includes('copy'))!.id : 'folder-only';
    Object.assign(files, { [`gen_${g}/main.py`]: code(main), [`gen_${g}/original.py`]: code(originals[g]), [`gen_${g}/edit.diff`]: `--- a\n+++ b\n` });
    Object.assign(files, prefix(`gen_${g}`, ok(g)));
  }
  files['gen_1/search_replace.txt'] = '<NAME>\nfaster_loop\n</NAME>\n<DESCRIPTION>Unrolls.</DESCRIPTION>\n<<<<<<< SEARCH';
  files['gen_4/results/correct.json'] = { correct: false, error: 'boom' };
  return files;
}
const prefix = (dir: string, files: Record<string, unknown>) => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${dir}/${k}`, v]));

describe('a ShinkaEvolve run with evolution_db.sqlite', () => {
  let r: ImportedRun;
  const root = () => path.join(tmp, 'results_db');
  beforeAll(async () => {
    write(root(), { ...dbRunFiles(), 'evolution_db.sqlite': await buildDb() });
    [r] = await readShinkaRuns(root());
  });

  it('takes ids, lineage and operators from the database', () => {
    expectSchemaValid(r);
    expect(r.programs.map((p) => p.externalId)).toEqual(['seed-0', 'seed-0-copy', 'prog-a', 'prog-b', 'prog-c', 'prog-d', 'prog-e', 'gen_6']);
    expect(byId(r, 'seed-0').parents).toEqual([]);
    expect(byId(r, 'prog-a').parents).toEqual([{ externalId: 'seed-0', operator: 'diff' }]);
    expect(byId(r, 'prog-b').parents).toEqual([{ externalId: 'seed-0-copy', operator: 'full' }]);
    // gen_3/original.py holds prog-b's code, but the database says prog-a (+ partner prog-b).
    expect(byId(r, 'prog-c').parents).toEqual([{ externalId: 'prog-a', operator: 'crossover' }, { externalId: 'prog-b', operator: 'crossover' }]);
    expect(byId(r, 'prog-e').parents).toEqual([{ externalId: 'prog-c', operator: 'crossover' }]);
    expect((byId(r, 'prog-e').metadata as { lineage: unknown }).lineage).toEqual({ source: 'database', crossoverCandidates: ['prog-a', 'prog-b'] });
    expect(byId(r, 'seed-0-copy')).toMatchObject({ isMigrant: true, parents: [{ externalId: 'seed-0', operator: 'migration' }] });
    expect(codes(r)).not.toContain('no-database');
    expect(codes(r)).not.toContain('run-truncated');
    expect(codes(r)).toEqual(expect.arrayContaining(['crossover-partner-unknown', 'not-in-database']));
  });

  it('takes islands and timestamps from the database', () => {
    expect(Object.fromEntries(r.programs.map((p) => [p.externalId, p.island]))).toEqual({
      'seed-0': 0, 'seed-0-copy': 1, 'prog-a': 0, 'prog-b': 1, 'prog-c': 0, 'prog-d': 1, 'prog-e': 0, gen_6: null,
    });
    expect(byId(r, 'prog-d').metadata).toMatchObject({ finalIsland: 0, migrationHistory: [{ from: 1, to: 0 }] });
    expect(byId(r, 'prog-a').timestamp).toBe(1010);
    expect(byId(r, 'prog-c').metadata).toMatchObject({ inArchive: true, folder: 'gen_3', archiveInspirationIds: ['prog-b'] });
    expect((r.run.meta as { database: unknown }).database).toEqual({ table: 'programs', store: { best_program_id: 'prog-c', last_iteration: '5' } });
  });

  it('joins folder files to the row evaluated there', () => {
    const a = byId(r, 'prog-a');
    expect(a.contexts).toEqual([
      expect.objectContaining({ kind: 'search_replace', system: 'sys', user: 'improve it', model: 'gpt-x', promptTokens: 100, completionTokens: 20, cost: 0.02 }),
    ]);
    expect(a.metadata).toMatchObject({ folder: 'gen_1', patchType: 'diff', patchName: 'faster_loop', patchDescription: 'Unrolls.' });
    expect(byId(r, 'seed-0-copy').metadata).not.toHaveProperty('folder');
    expect(byId(r, 'seed-0').evaluation).toMatchObject({ status: 'ok', timingMs: 2500, feedback: 'db feedback', publicMetrics: { t: 1 } });
    expect(byId(r, 'prog-d')).toMatchObject({ valid: false, invalidReason: 'correct is false: boom', score: 0 });
    expect(byId(r, 'gen_6')).toMatchObject({ iteration: 6, parents: [{ externalId: 'prog-c', operator: 'mutation' }], valid: true, score: 6 });
  });
});

describe('ShinkaEvolve search state', () => {
  it('takes final islands, migrations and costs over time from the database', async () => {
    const dir = path.join(tmp, 'results_state');
    write(dir, { ...dbRunFiles(), 'evolution_db.sqlite': await buildDb() });
    const [r] = await readShinkaRuns(dir);
    const s = searchStateSchema.parse(r.searchState);
    expect(s.config).toEqual({ num_islands: 2 });
    // island_idx: 0 for seed-0, prog-a, prog-c, prog-d (moved 1 -> 0), prog-e; 1 for the seed copy and prog-b.
    expect(s.snapshots).toEqual([{
      at: { iteration: 5, timestamp: 1050 }, kind: 'final',
      islands: [
        { island: 0, size: 5, bestScore: 5, bestProgram: 'prog-e', programs: ['seed-0', 'prog-a', 'prog-c', 'prog-d', 'prog-e'] },
        { island: 1, size: 2, bestScore: 3, bestProgram: 'prog-b', programs: ['seed-0-copy', 'prog-b'] },
      ],
    }]);
    expect(s.events).toEqual([{ kind: 'migration', at: { iteration: 4, timestamp: 1045 }, fromIsland: 1, toIsland: 0, program: 'prog-d' }]);
    // prog-a: api_costs 0.02 (over llm_result.cost 0.01), 100 in / 20 out tokens; prog-b: embed_cost 0.001.
    expect(s.counters.map((c) => [c.at.iteration, c.values.cumulative_cost, c.values.cumulative_input_tokens, c.values.cumulative_output_tokens])).toEqual([
      [1, 0.02, 100, 20], [2, 0.021, 100, 20], [3, 0.021, 100, 20], [4, 0.021, 100, 20], [5, 0.021, 100, 20],
    ]);
    expect(Object.keys(s.missing).sort()).toEqual(['clusters', 'featureMaps', 'islands', 'resets']);
  });

  it('says what a run without its database lacks (the CUCo run), keeping the config', async () => {
    if (!fs.existsSync(CUCO)) throw new Error(`real run missing at ${CUCO}`);
    const [r] = await readShinkaRuns(CUCO);
    const s = searchStateSchema.parse(r.searchState);
    // experiment_config.yaml database_config: num_islands 2, migration_interval 8, migration_rate 0.15.
    expect(s.config).toMatchObject({ num_islands: 2, migration_interval: 8, migration_rate: 0.15, other: { archive_size: 60, parent_selection_strategy: 'weighted' } });
    expect(s.config.other).not.toHaveProperty('db_path');
    expect(s.snapshots).toEqual([]);
    expect(s.counters).toEqual([]);
    expect(s.missing.costs).toMatch(/no usable evolution_db\.sqlite/);
    expect(Object.keys(s.missing).sort()).toEqual(['clusters', 'costs', 'counters', 'featureMaps', 'islands', 'migrations', 'resets', 'tokens']);
  });
});

describe('a ShinkaEvolve run without a database', () => {
  // gen_2 reverts to the seed's code, so gen_3's original (CRLF) matches gen_0 and gen_2: the
  // latest, gen_2, wins. gen_4 has no results, gen_5 no original, gen_6 an unknown original.
  const files = {
    'experiment_config.yaml': 'evolution_config:\n  num_generations: 10\n',
    'gen_0/main.py': 'x = 0\n', ...prefix('gen_0', ok(0.5)),
    'gen_1/main.py': 'x = 1\n', 'gen_1/original.py': 'x = 0\n', 'gen_1/rewrite.txt': 'x = 1\n', ...prefix('gen_1', ok(1)),
    'gen_2/main.py': 'x = 0\n', 'gen_2/original.py': 'x = 1\n', 'gen_2/edit.diff': '-x = 1\n+x = 0\n', ...prefix('gen_2', ok(0.5)),
    'gen_3/main.py': 'x = 3\n', 'gen_3/original.py': 'x = 0\r\n', 'gen_3/helper.py': 'y = 1\n', ...prefix('gen_3', ok(3)),
    'gen_4/main.py': 'x = 4\n', 'gen_4/original.py': 'x = 3\n', 'gen_4/results/build.log': 'e'.repeat(200_000),
    'gen_5/main.py': 'x = 5\n', ...prefix('gen_5', ok(5)),
    'gen_6/main.py': 'x = 6\n', 'gen_6/original.py': 'x = 99\n', ...prefix('gen_6', ok(6)),
  };
  let r: ImportedRun;
  beforeAll(async () => {
    write(path.join(tmp, 'parent', 'results_plain'), files);
    const runs = await readShinkaRuns(path.join(tmp, 'parent')); // detected one level down
    expect(runs).toHaveLength(1);
    r = runs[0];
  });

  it('matches parents by exact content, latest earlier generation first', () => {
    expect(byId(r, 'gen_3').parents).toEqual([{ externalId: 'gen_2', operator: 'mutation' }]);
    expect((byId(r, 'gen_3').metadata as { lineage: unknown }).lineage).toEqual({ source: 'content', alternatives: ['gen_0'] });
    expect(byId(r, 'gen_4').parents).toEqual([{ externalId: 'gen_3', operator: 'mutation' }]);
    expect(byId(r, 'gen_5').parents).toEqual([]);
    expect(r.warnings.filter((w) => w.code === 'lineage-unknown').map((w) => w.message)).toEqual([
      'lineage unknown for 1 programs (gen_6): their original.* matches no earlier main.*',
      'lineage unknown for 1 programs (gen_5): their folder has no original.*',
    ]);
    expect(r.run.language).toBe('python'); // from main.py: the config names no language
    expect(byId(r, 'gen_3').code).toBe('x = 3\n'); // main.* preferred over helper.py
  });

  it('keeps unevaluated programs and cuts long logs', () => {
    const g4 = byId(r, 'gen_4');
    expect(g4).toMatchObject({ valid: false, evaluated: false, invalidReason: 'no evaluation results', score: null });
    expect(g4.evaluation?.errors).toMatch(/\[\.\.\. evoscope: .* omitted from results_plain\/gen_4\/results\/build\.log/);
    expect(g4.evaluation!.errors!.length).toBeLessThan(70_000);
    expect(g4.evaluation?.artifacts).toEqual({ logs: [{ file: 'results_plain/gen_4/results/build.log', bytes: 200_000, truncated: true }] });
    expect(byId(r, 'gen_1').contexts).toEqual([{ kind: 'rewrite', response: 'x = 1\n', extra: { file: 'results_plain/gen_1/rewrite.txt' } }]);
    expect(byId(r, 'gen_2').contexts?.[0]).toMatchObject({ kind: 'diff', response: '-x = 1\n+x = 0\n' });
    expect(r.warnings.find((w) => w.code === 'run-truncated')?.message).toBe('7 of 10 generations present (num_generations: 10): the run stopped early or was cut');
  });

  it('prefers the latest of equal candidates in the pure matcher too', () => {
    const m = matchParentsByContent(
      [{ id: 'a', generation: 0, code: 'p\n' }, { id: 'b', generation: 2, code: 'p\r\n' }, { id: 'c', generation: 5, code: 'p\n' }, { id: 'd', generation: 3, code: 'p \n' }],
      [{ id: 'q', generation: 4, original: 'p\r' }],
    );
    expect(m.get('q')).toEqual({ parent: 'b', alternatives: ['a'], status: 'matched' });
  });
});

describe('ShinkaEvolve input errors', () => {
  const make = (name: string, extra: Record<string, unknown>) => {
    const root = path.join(tmp, name);
    write(root, { 'gen_0/main.py': 'x = 0\n', ...prefix('gen_0', ok(1)), 'gen_1/main.py': 'x = 1\n', 'gen_1/original.py': 'x = 0\n', ...extra });
    return root;
  };

  it('names a truncated metrics.json', async () => {
    const root = make('truncated', { 'gen_1/results/metrics.json': '{"combined_score": 0.5, "public": {"t' });
    const err = await readShinkaRuns(root).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err).toMatchObject({ file: 'gen_1/results/metrics.json', line: 1 });
    expect(((err as Error).cause as InputError).code).toBe('json-syntax');
    expect((err as Error).message).toMatch(/^gen_1\/results\/metrics\.json:1: invalid JSON/);
  });

  it('names a code file that is not UTF-8', async () => {
    const root = make('bad-utf8', { 'gen_1/main.py': Buffer.from([0x78, 0x3d, 0xff, 0x0a]) });
    await expect(readShinkaRuns(root)).rejects.toThrow(/^gen_1\/main\.py:1: invalid UTF-8/);
  });

  it('refuses a database above the size cap with a clear error', async () => {
    const root = make('big-db', { 'evolution_db.sqlite': await buildDb() });
    await expect(readShinkaRuns(root, { maxDbBytes: 1024 })).rejects.toThrow(/^evolution_db\.sqlite: database is .* above the 1\.0 KiB limit/);
  });

  it('warns that a -wal file next to the database is not merged', async () => {
    const root = make('wal-db', { 'evolution_db.sqlite': await buildDb(), 'evolution_db.sqlite-wal': 'uncheckpointed pages' });
    const [r] = await readShinkaRuns(root);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'database-wal-ignored', file: 'evolution_db.sqlite-wal' }));
    expect(r.programs).toHaveLength(7);
  });

  it('falls back to the folders when the database is a Git LFS pointer', async () => {
    const root = make('lfs-db', { 'evolution_db.sqlite': 'version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 123\n' });
    const [r] = await readShinkaRuns(root);
    expect(r.warnings[0]).toMatchObject({ code: 'database-unusable', file: 'evolution_db.sqlite' });
    expect(byId(r, 'gen_1').parents).toEqual([{ externalId: 'gen_0', operator: 'mutation' }]);
  });

  it('loads an OmegaConf experiment_config.yaml with 84 aliases (PyYAML anchors)', async () => {
    const [r] = await readShinkaRuns(writeShinkaRunWithOmegaConf(path.join(tmp, 'omegaconf')));
    expect(r.warnings.filter((w) => w.code === 'config-unreadable')).toEqual([]);
    const config = r.run.config as { evolution_config: { num_generations: number; llm_models: string[] } };
    expect(config.evolution_config.llm_models).toEqual(['gpt-4.1', 'o4-mini', 'gemini-2.5-pro']);
    expect(r.run.budget).toMatchObject({ numGenerations: 25 });
  });

  it('does not claim folders without gen_N programs', async () => {
    write(path.join(tmp, 'not-shinka'), { 'gen_x/main.py': 'x', 'gen_1/notes.txt': 'n' });
    expect(await shinkaFormat.detect(path.join(tmp, 'not-shinka'))).toBe(false);
    await expect(readShinkaRuns(path.join(tmp, 'not-shinka'))).rejects.toThrow(/not a ShinkaEvolve results directory/);
  });
});

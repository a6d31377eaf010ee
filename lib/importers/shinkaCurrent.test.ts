// ShinkaEvolve's current runner (issue 22 item 5): programs.sqlite with every column of today's
// programs table, the metadata keys that matter for analysis, attempt_log and
// generation_event_log, the prompt archive, meta/meta_N.txt and an OmegaConf-object config.
// The fixture (testShinkaCurrent.ts) is written from shinka/database/dbase.py, prompt_dbase.py
// and the runner's metadata.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseYamlBounded } from '../files/parseYaml';
import { programRecordSchema, runRecordSchema, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { unwrapOmegaConf } from './omegaConf';
import { readShinkaRuns } from './shinka';
import { omegaConfObjectDump } from './testOmegaConf';
import { writeCurrentShinkaRun } from './testShinkaCurrent';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-shinka-current-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const byId = (r: ImportedRun, id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;

describe('a results directory of the current ShinkaEvolve runner', () => {
  let r: ImportedRun;
  beforeAll(async () => {
    [r] = await readShinkaRuns(await writeCurrentShinkaRun(path.join(tmp, 'results_current')));
  });

  it('reads programs.sqlite (db_path of the OmegaConf config) with every program', () => {
    expect(() => runRecordSchema.parse(r.run)).not.toThrow();
    for (const p of r.programs) expect(() => programRecordSchema.parse(p), p.externalId).not.toThrow();
    expect(r.programs.map((p) => p.externalId)).toEqual(['p0', 'p1', 'p2']);
    expect(r.warnings.map((w) => w.code)).not.toContain('no-database');
    expect(r.run.meta).toMatchObject({ database: { table: 'programs', store: { best_program_id: 'p2', last_iteration: '3' } } });
  });

  it('maps every column of the programs table', () => {
    const p1 = byId(r, 'p1');
    expect(p1).toMatchObject({
      code: 'def solve(x):\n    return x * 2\n', language: 'python', iteration: 1, generation: 1, timestamp: 1764300001, island: 0,
      score: 2, valid: true, metrics: { combined_score: 2, speed: 20, correct: true },
      parents: [{ externalId: 'p0', operator: 'diff' }],
      evaluation: { publicMetrics: { speed: 20 }, privateMetrics: { held_out: 1 }, feedback: 'feedback 1', timingMs: 2000 },
    });
    expect(p1.metadata).toMatchObject({
      codeDiff: expect.stringContaining('+    return x * 2'),
      embeddingPca2d: [1, -1], embeddingPca3d: [1, 0, 1], embeddingClusterId: 1,
      complexity: 11, childrenCount: 1, systemPromptId: 'sp-1',
    });
    expect(p1.metadata).not.toHaveProperty('embedding');
    expect(byId(r, 'p2')).toMatchObject({ valid: false, metrics: { correct: false }, metadata: { inArchive: true, archiveInspirationIds: ['p0'], topKInspirationIds: ['p1'] } });
  });

  it('maps the metadata keys: patch, model, costs, llm_result, novelty', () => {
    const p1 = byId(r, 'p1');
    expect(p1.metadata).toMatchObject({
      patchType: 'diff', patchName: 'step_1', patchDescription: 'Multiply by 2.',
      embedCost: 0.0001, noveltyCost: 0.0005, metaCost: 0.0007,
      noveltyExplanation: 'Different from p0: multiplies.', maxSimilarity: 0.91,
      shinka: { source_job_id: 'job-1' },
    });
    expect(p1.contexts).toEqual([
      expect.objectContaining({
        system: 'You are an expert Python programmer.', user: 'Improve the program (generation 1).', model: 'gpt-5-mini',
        promptTokens: 1001, completionTokens: 201, cost: 0.0042,
        extra: expect.objectContaining({ thought: 'thinking about step 1', messages: [expect.objectContaining({ role: 'user' }), expect.objectContaining({ role: 'assistant' })] }),
      }),
    ]);
  });

  it('says who made each program in ProgramRecord.origin', () => {
    expect(byId(r, 'p1').origin).toEqual({ model: 'gpt-5-mini', operator: 'diff', promptTokens: 1001, completionTokens: 201, cost: 0.0042 });
    expect(byId(r, 'p2').origin).toEqual({ model: 'gpt-5-mini', operator: 'full', promptTokens: 1002, completionTokens: 202, cost: 0.005 });
    // The seed: made by no LLM call; the row says patch_type init and nothing else.
    expect(byId(r, 'p0').origin).toEqual({ model: null, operator: 'init', promptTokens: null, completionTokens: null, cost: null });
    expect(r.stats.programsWithOrigin).toBe(3);
  });

  it('keeps attempt_log (failed proposals as such) and generation_event_log in the run', () => {
    const meta = r.run.meta as { attemptLog: { status: string; stage: string; details: unknown }[]; generationEvents: unknown[] };
    expect(meta.attemptLog).toHaveLength(4);
    expect(meta.attemptLog[2]).toMatchObject({ generation: 3, stage: 'proposal', status: 'failed', details: { error: expect.stringContaining('SEARCH block not found') } });
    expect(meta.generationEvents).toHaveLength(4);
    expect(meta.generationEvents[0]).toMatchObject({ generation: 1, status: 'submitted', sourceJobId: 'job-1', details: { n: 0 } });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'failed-proposals', count: 2, message: expect.stringContaining('1 proposal/failed, 1 novelty/rejected') }));
    expect(r.stats).toMatchObject({ attempts: 4, failedAttempts: 2, generationEvents: 4 });
  });

  it('reads the prompt archive, meta/meta_N.txt and the OmegaConf config', () => {
    const meta = r.run.meta as { promptArchive: Record<string, unknown>[]; summaries: Record<string, string>; configBackReferencesDropped: number };
    expect(meta.promptArchive.map((p) => [p.id, p.inArchive, p.patch_type])).toEqual([['sp-0', false, 'init'], ['sp-1', true, 'diff']]);
    expect(meta.promptArchive[1]).toMatchObject({ prompt_text: 'You are an expert. Be bold.', repo_ids: ['p1', 'p2'], program_scores: [2, 3], fitness: 0.7 });
    expect(meta.summaries).toEqual({ 'meta/meta_2.txt': 'Summary after 2 programs: multiplying helps.' });
    expect(r.run.config).toEqual({
      evolution_config: { language: 'python', num_generations: 3, llm_models: ['gpt-5-mini'] },
      database_config: { num_islands: 2, db_path: 'programs.sqlite' },
    });
    expect(meta.configBackReferencesDropped).toBe(8);
    expect(r.run.modelConfig).toEqual({ llm_models: ['gpt-5-mini'] });
    expect(r.warnings.map((w) => w.code)).not.toContain('config-unreadable');
  });

  it('refuses a 2 GB programs.sqlite before reading it, naming the file and the limit', async () => {
    const root = await writeCurrentShinkaRun(path.join(tmp, 'results_huge'));
    fs.rmSync(path.join(root, 'programs.sqlite'));
    fs.closeSync(fs.openSync(path.join(root, 'programs.sqlite'), 'w'));
    fs.truncateSync(path.join(root, 'programs.sqlite'), 2 * 1024 ** 3); // sparse: no 2 GB written
    const before = process.memoryUsage().rss;
    await expect(readShinkaRuns(root)).rejects.toThrow(/^programs\.sqlite: database is 2\.0 GiB, above the 1\.0 GiB limit for reading it into memory/);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 ** 2);
  });
});

describe("OmegaConf objects dumped by PyYAML", () => {
  it('parses once the _parent back-references are dropped, and unwraps to the plain config', () => {
    expect(() => parseYamlBounded(omegaConfObjectDump())).toThrow(/refers to a node that contains it/);
    const dropped: string[] = [];
    const cfg = unwrapOmegaConf(parseYamlBounded(omegaConfObjectDump(), undefined, { dropBackReferences: true, dropped }));
    expect(cfg).toEqual({ evolution_config: { language: 'python', num_generations: 3, llm_models: ['gpt-5-mini'] }, database_config: { num_islands: 2, db_path: 'programs.sqlite' } });
    expect(new Set(dropped)).toEqual(new Set(['_parent']));
  });

  it('leaves a plain config unchanged', () => {
    const plain = { a: { _val: 1, other: 2 }, b: [1, { c: 'x' }] };
    expect(unwrapOmegaConf(plain)).toEqual(plain);
  });
});

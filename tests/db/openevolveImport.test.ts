// The OpenEvolve importer and the run writer against a real PostgreSQL (DATABASE_URL) and the
// real QOS archive (shared/real-runs, never copied into the repo). Run names carry a random
// tag, and every count is scoped to this file's runs, so other DB tests may run in parallel.
//
// Expected QOS figures, established by hand from the files with a short python3 script that
// json.load-ed every checkpoints/*/programs/*.json and db/programs/*.json (668 copies) and
// merged them by id keeping non-null fields:
//  - 204 distinct ids; 203 have a parent_id and all 203 parents are among the 204 (the one
//    seed is 040eb2f9...), so 203 edges and no ghost parent.
//  - prompts non-null for 80 ids (key full_rewrite_user, one response each), always in
//    checkpoint copies only; the same 80 carry artifacts_json (SOURCES.md says null: wrong).
//  - metadata.island over the 204: {0: 106, 1: 33, 2: 24, 3: 41} -> 4 islands;
//    metadata.migrant true for 3 (3e2ec1f4, 901f2ff2, daf342f8), all with iteration_found 0.
//  - metrics always {combined_score, rel_depth, rel_cnot, rel_overhead}; no `error` key;
//    combined_score finite in 0.063..0.506 -> 0 invalid.
//  - the top combined_score 0.5060616171727284 is shared by 1a932ad8 (iteration 34) and its
//    migrant copy daf342f8 (later timestamp): the first to reach it, 1a932ad8, is the best, as
//    in checkpoint_200/metadata.json best_program_id and best/best_program_info.json.
//  - only 6 distinct code texts among the 204 programs; 85 distinct texts with the prompts'
//    system/user/response texts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';
import { readRunsFromPath } from '../../lib/importers';
import { ImportError } from '../../lib/trace/schema';
import { runCli } from '../helpers/cli';

const root = path.resolve(import.meta.dirname, '..', '..');
const realRuns = path.resolve(root, process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tag = `oe-import-${crypto.randomUUID().slice(0, 8)}`;
const tmpDirs: string[] = [];

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await pool().query(sql, params)).rows as T[];
const one = async (sql: string, params: unknown[] = []) => Object.values((await q(sql, params))[0])[0];
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(QOS, 'openevolve_output', rel), 'utf8'));

/** Copies QOS to a temp dir (the originals are read-only) and truncates one program file. */
function truncatedCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-qos-'));
  tmpDirs.push(dir);
  fs.cpSync(QOS, dir, { recursive: true });
  const progDir = path.join(dir, 'openevolve_output', 'checkpoints', 'checkpoint_30', 'programs');
  const name = fs.readdirSync(progDir).sort()[0];
  const file = path.join(progDir, name);
  fs.chmodSync(progDir, 0o755);
  fs.chmodSync(file, 0o644);
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, text.slice(0, text.length >> 1));
  return { dir, rel: `openevolve_output/checkpoints/checkpoint_30/programs/${name}` };
}

async function runRows(name: string) {
  return {
    runs: Number(await one('SELECT count(*) FROM runs WHERE name = $1', [name])),
    programs: Number(await one('SELECT count(*) FROM programs p JOIN runs r ON r.id = p.run_id WHERE r.name = $1', [name])),
  };
}

const cli = runCli;

beforeAll(async () => {
  if (!fs.existsSync(QOS)) throw new Error(`the real QOS run is missing at ${QOS} (set EVOSCOPE_REAL_RUNS)`);
  await migrate(process.env.DATABASE_URL!);
});

afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE name LIKE $1', [`${tag}%`]);
  await disconnect();
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('importing the QOS OpenEvolve run', () => {
  let runId: string;

  it('stores every program, edge, prompt and the headline figures', async () => {
    const t = Date.now();
    const [imported] = await readRunsFromPath(QOS, {});
    const s = await storeImportedRun(imported, { name: `${tag}-a` });
    console.error(`QOS import: ${Date.now() - t} ms`);
    runId = s.runId;
    const bestId = readJson('checkpoints/checkpoint_200/metadata.json').best_program_id;
    expect(bestId).toBe(readJson('best/best_program_info.json').id);
    expect(s).toMatchObject({
      name: `${tag}-a`, format: 'openevolve', programs: 204, edges: 203, invalidPrograms: 0, prompts: 80, islands: 4,
      bestProgramExternalId: bestId, bestScore: 0.5060616171727284,
      // The one warning: OpenEvolve stores no model, tokens or cost per program (issue 22 origin).
      warnings: [expect.objectContaining({ code: 'origin-partial', message: expect.stringContaining('known for 80 of 200') })],
    });

    const [run] = await q('SELECT * FROM runs WHERE id = $1', [runId]);
    expect(run).toMatchObject({
      framework: 'openevolve', score_metric: 'combined_score', language: 'python', program_count: 204, edge_count: 203,
      invalid_count: 0, island_count: 4, best_iteration: 34, last_iteration: 200,
      metric_keys: ['combined_score', 'rel_cnot', 'rel_depth', 'rel_overhead'],
    });
    expect(await one('SELECT external_id FROM programs WHERE id = $1', [run.best_program_id])).toBe(bestId);
    expect((run.import_report as { stats: Record<string, number> }).stats).toMatchObject({ checkpointsMerged: 20, programCopies: 668 });

    const count = (sql: string) => one(sql, [runId]).then(Number);
    expect(await count('SELECT count(*) FROM programs WHERE run_id = $1')).toBe(204);
    expect(await count('SELECT max(seq) - min(seq) + 1 FROM programs WHERE run_id = $1')).toBe(204);
    expect(await count('SELECT count(*) FROM edges WHERE run_id = $1 AND parent_id IS NOT NULL')).toBe(203);
    expect(await count('SELECT count(*) FROM contexts WHERE run_id = $1')).toBe(80);
    expect(await count("SELECT count(DISTINCT program_id) FROM contexts WHERE run_id = $1 AND kind = 'full_rewrite_user'")).toBe(80);
    expect(await count('SELECT count(*) FROM evaluations WHERE run_id = $1')).toBe(80);
    expect(await count('SELECT count(DISTINCT island) FROM programs WHERE run_id = $1')).toBe(4);
    expect(await count('SELECT count(*) FROM programs WHERE run_id = $1 AND is_migrant')).toBe(3);
    expect(await count("SELECT count(*) FROM edges e JOIN programs p ON p.id = e.child_id WHERE e.run_id = $1 AND p.is_migrant AND e.operator = 'migration'")).toBe(3);
    expect(await count('SELECT count(*) FROM programs WHERE run_id = $1 AND NOT valid')).toBe(0);
    expect(await count('SELECT count(DISTINCT code_sha) FROM programs WHERE run_id = $1')).toBe(6);
    expect(await count(`SELECT count(*) FROM blobs WHERE sha256 IN (
      SELECT code_sha FROM programs WHERE run_id = $1 UNION SELECT system_sha FROM contexts WHERE run_id = $1
      UNION SELECT user_sha FROM contexts WHERE run_id = $1 UNION SELECT response_sha FROM contexts WHERE run_id = $1)`)).toBe(85);
  });

  it('gives a second, independent run when imported again, leaving the first unchanged', async () => {
    const snapshot = `SELECT external_id, id, seq, code_sha, score, island, metrics FROM programs WHERE run_id = $1 ORDER BY seq`;
    const before = await q(snapshot, [runId]);
    const [imported] = await readRunsFromPath(QOS, {});
    const s = await storeImportedRun(imported, { name: `${tag}-b` });
    expect(s.runId).not.toBe(runId);
    expect(await q(snapshot, [runId])).toEqual(before);
    const second = await q<{ id: string; external_id: string; code_sha: string }>(snapshot, [s.runId]);
    expect(second.map((p) => p.external_id)).toEqual(before.map((p) => p.external_id));
    expect(second.some((p) => before.some((b) => b.id === p.id))).toBe(false);
    expect(second.map((p) => p.code_sha)).toEqual(before.map((p) => p.code_sha)); // blobs shared
  });

  it('fails on a truncated program file, naming it, and stores nothing', async () => {
    const { dir, rel } = truncatedCopy();
    const before = await runRows(`${tag}-trunc`);
    const err = await readRunsFromPath(dir, { name: `${tag}-trunc` }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toMatch(new RegExp(`^${rel}:1: invalid JSON: .*JSON`));
    expect(await runRows(`${tag}-trunc`)).toEqual(before);
  });

  it('rolls back a write that fails half-way, blobs included', async () => {
    const [imported] = await readRunsFromPath(QOS, {});
    const marker = `# ${tag} unique code\n`;
    imported.programs[0].code += marker; // a blob no other run has
    const name = `${tag}-rollback`;
    const blobs = () => one('SELECT count(*) FROM blobs WHERE sha256 = $1', [sha(imported.programs[0].code)]).then(Number);
    const boom = () => {
      throw new Error('disk full (simulated) after the first program batch');
    };
    await expect(storeImportedRun(imported, { name, onProgress: boom })).rejects.toThrow('simulated');
    expect(await runRows(name)).toEqual({ runs: 0, programs: 0 });
    expect(await blobs()).toBe(0);
  });
});

describe('the import command', () => {
  it('prints one JSON line per run with --json', async () => {
    const r = await cli(['import', QOS, '--again', '--json', '--name', `${tag}-cli`]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const s = JSON.parse(lines[0]);
    expect(s).toMatchObject({ name: `${tag}-cli`, format: 'openevolve', programs: 204, edges: 203, invalidPrograms: 0, warnings: [expect.objectContaining({ code: 'origin-partial' })] });
    expect(await one('SELECT program_count FROM runs WHERE id = $1', [s.runId])).toBe(204);
  });

  it('exits non-zero with the file name on stderr for a truncated file', async () => {
    const { dir, rel } = truncatedCopy();
    const r = await cli(['import', dir, '--json', '--name', `${tag}-cli-trunc`]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(rel);
    expect(r.stdout).toBe('');
    expect(await runRows(`${tag}-cli-trunc`)).toEqual({ runs: 0, programs: 0 });
  });
});

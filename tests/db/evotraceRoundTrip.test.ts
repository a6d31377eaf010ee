// OpenEvolve QOS run -> database -> EvoTrace refined layout -> database again, against a real
// PostgreSQL (DATABASE_URL) and the real QOS archive (shared/real-runs, never copied into the
// repo). The second import must hold the same programs, edges, prompts, islands, validity and
// best program, and every source byte-identical per external id. Run names carry a random tag
// and every query is scoped to this file's runs, so other DB tests may run in parallel.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { ExportError, exportRunToDirectory } from '../../lib/db/exportRun';
import { storeImportedRun } from '../../lib/db/importRun';
import type { StoredRunSummary } from '../../lib/db/storedRunsOfImport';
import { migrate } from '../../lib/runtime/migrate';
import { readRunsFromPath } from '../../lib/importers';
import { evotraceFormat } from '../../lib/importers/evotrace';
import { blobPath } from '../../lib/importers/evotraceLayout';
import { runCli } from '../helpers/cli';

const root = path.resolve(import.meta.dirname, '..', '..');
const realRuns = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve(root, '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tag = `evotrace-rt-${crypto.randomUUID().slice(0, 8)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-evotrace-rt-'));

type Row = Record<string, unknown>;
const q = async <T = Row>(sql: string, params: unknown[] = []) => (await pool().query(sql, params)).rows as T[];
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

/** Everything comparable about a stored run's programs, keyed by external id. */
async function programsOf(runId: string) {
  const rows = await q(
    `SELECT p.external_id, b.content AS code, p.code_sha, p.seq, p.iteration, p.raw_iteration, p.generation, p.timestamp,
            p.island, p.valid, p.evaluated, p.invalid_reason, p.score, p.metrics, p.metadata, p.is_migrant, p.parent_count,
            (SELECT json_agg(json_build_array(e.parent_external_id, e.operator, e.parent_id IS NOT NULL) ORDER BY e.ordinal)
               FROM edges e WHERE e.child_id = p.id) AS parents,
            (SELECT json_agg(json_build_array(c.kind, c.system_sha, c.user_sha, c.response_sha, c.extra) ORDER BY c.id)
               FROM contexts c WHERE c.program_id = p.id) AS contexts,
            (SELECT json_agg(json_build_array(v.status, v.output, v.errors, v.artifacts) ORDER BY v.id)
               FROM evaluations v WHERE v.program_id = p.id) AS evaluations
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY p.seq`,
    [runId],
  );
  return new Map(rows.map((r) => [r.external_id as string, r]));
}

const cli = runCli;

let original: StoredRunSummary;
const exportDir = path.join(tmp, 'qos-evotrace');

beforeAll(async () => {
  if (!fs.existsSync(QOS)) throw new Error(`the real QOS run is missing at ${QOS} (set EVOSCOPE_REAL_RUNS)`);
  await migrate(process.env.DATABASE_URL!);
  const [imported] = await readRunsFromPath(QOS, {});
  original = await storeImportedRun(imported, { name: `${tag}-orig` });
});

afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE name LIKE $1', [`${tag}%`]);
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('QOS through the EvoTrace refined layout', () => {
  let again: StoredRunSummary;

  it('exports the stored run, streaming it page by page', async () => {
    const progress: number[] = [];
    const s = await exportRunToDirectory(original.runId, exportDir, (n) => progress.push(n));
    expect(s).toMatchObject({
      runId: original.runId, format: 'evotrace', programs: 204, edges: 203, invalidPrograms: 0, prompts: 80, evaluations: 80, islands: 4,
      // 6 distinct sources; the 80 prompted programs have 73 distinct prompts (only 5 distinct responses).
      bestProgramExternalId: original.bestProgramExternalId, blobs: { solution: 6, prompts: 73, replay: 0 },
    });
    expect(progress).toEqual([204]);
    expect(fs.readdirSync(exportDir).sort()).toEqual(['blobs', 'iter_scalars.jsonl', 'iterations.jsonl', 'meta.json', 'programs.jsonl', 'run_config.yaml']);
  });

  it('writes what EvoReplay load_programs reads: ids, parent_id, iteration_found, metrics, solution and blobs', () => {
    const lines = fs.readFileSync(path.join(exportDir, 'programs.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(204);
    for (const line of lines) {
      const row = JSON.parse(line);
      expect(typeof row.id).toBe('string');
      expect(row).toHaveProperty('parent_id');
      expect(Number.isInteger(row.iteration_found)).toBe(true);
      expect(typeof row.metrics.combined_score).toBe('number');
      expect(row.metadata).toBeTypeOf('object');
      expect(sha(row.solution)).toBe(row.solution_sha256);
      expect(fs.readFileSync(path.join(exportDir, blobPath(row.solution_sha256, 'txt')), 'utf8')).toBe(row.solution);
      if (row.prompts_sha256) {
        const prompts = JSON.parse(fs.readFileSync(path.join(exportDir, blobPath(row.prompts_sha256, 'json')), 'utf8'));
        expect(Object.keys(prompts)).toEqual(['full_rewrite_user']);
        expect(prompts.full_rewrite_user).toMatchObject({ system: expect.any(String), user: expect.any(String), responses: [expect.any(String)] });
      }
    }
    const meta = JSON.parse(fs.readFileSync(path.join(exportDir, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ backend: 'openevolve', schema_version: 1, counts: { accepted_unique: 204, failed_unique: 0 } });
  });

  it('re-imports to the same counts, islands, validity and best program', async () => {
    expect(await evotraceFormat.detect(exportDir)).toBe(true);
    const [imported] = await evotraceFormat.read(exportDir, {});
    expect(imported.warnings).toEqual([]);
    again = await storeImportedRun(imported, { name: `${tag}-again`, format: 'evotrace' });
    const pick = (s: StoredRunSummary) => ({
      programs: s.programs, edges: s.edges, invalidPrograms: s.invalidPrograms, prompts: s.prompts, islands: s.islands,
      bestProgramExternalId: s.bestProgramExternalId, bestScore: s.bestScore,
    });
    expect(pick(again)).toEqual({ programs: 204, edges: 203, invalidPrograms: 0, prompts: 80, islands: 4, bestProgramExternalId: original.bestProgramExternalId, bestScore: 0.5060616171727284 });
    expect(pick(again)).toEqual(pick(original));

    const [a, b] = await q(`SELECT * FROM runs WHERE id = ANY($1::uuid[]) ORDER BY name DESC`, [[original.runId, again.runId]]);
    for (const k of ['framework', 'task', 'language', 'score_metric', 'higher_is_better', 'metric_keys', 'program_count', 'edge_count', 'island_count',
      'invalid_count', 'best_score', 'best_iteration', 'last_iteration', 'config', 'meta', 'model_config', 'budget']) {
      expect(b[k], k).toEqual(a[k]);
    }
  });

  it('keeps every program identical per external id: source bytes, lineage, prompts, evaluations', async () => {
    const before = await programsOf(original.runId);
    const after = await programsOf(again.runId);
    expect([...after.keys()]).toEqual([...before.keys()]); // same canonical order (seq)
    for (const [id, p] of before) {
      const r = after.get(id)!;
      expect(Buffer.from(r.code as string, 'utf8').equals(Buffer.from(p.code as string, 'utf8')), id).toBe(true);
      expect(r, id).toEqual(p);
    }
  });

  it('exports the re-imported run to the same programs.jsonl, byte for byte', async () => {
    const second = path.join(tmp, 'second');
    await exportRunToDirectory(again.runId, second);
    for (const f of ['programs.jsonl', 'iterations.jsonl', 'iter_scalars.jsonl', 'run_config.yaml']) {
      expect(fs.readFileSync(path.join(second, f)).equals(fs.readFileSync(path.join(exportDir, f))), f).toBe(true);
    }
  });
});

describe('a run with a replay environment, crossover and failed programs', () => {
  it('exports and re-imports them unchanged', async () => {
    const programs = [
      { externalId: 'a', code: 'A\n', iteration: 0, valid: true, score: 1, metrics: { combined_score: 1 } },
      { externalId: 'b', code: 'B\n', iteration: 0, valid: true, score: 2, metrics: { combined_score: 2 } },
      {
        externalId: 'c', code: 'C ✓\r\n', iteration: 1, valid: false, invalidReason: 'error: boom', metrics: { combined_score: '-Infinity', error: 'boom' },
        parents: [{ externalId: 'b', operator: 'crossover' }, { externalId: 'a', operator: 'crossover' }],
        evaluation: { status: 'failed', errors: 'Traceback', timingMs: 5 },
        contexts: [{ kind: 'crossover', system: 's', user: 'u', response: 'r', model: 'm', promptTokens: 7 }],
      },
      // Never evaluated (a Shinka generation without results): stays "not evaluated", not invalid.
      { externalId: 'd', code: 'D\n', iteration: 2, valid: false, evaluated: false, invalidReason: 'no evaluation results', parents: [{ externalId: 'a' }] },
    ];
    const replay = { evaluatorCommand: 'python evaluate.py', files: { 'evaluate.py': 'print(42)\n' }, dependencies: ['numpy'], timeoutSeconds: 60, notes: 'n' };
    const stored = await storeImportedRun({ run: { name: `${tag}-small`, framework: 'llamea', higherIsBetter: false, replay }, programs, warnings: [], stats: {} });
    const out = path.join(tmp, 'small');
    await exportRunToDirectory(stored.runId, out);
    const [imported] = await evotraceFormat.read(out, {});
    expect(imported.run).toMatchObject({ name: `${tag}-small`, framework: 'llamea', higherIsBetter: false, replay });
    const again = await storeImportedRun(imported, { name: `${tag}-small-again` });
    expect(again).toMatchObject({ programs: 4, edges: 3, invalidPrograms: 1, unevaluatedPrograms: 1, prompts: 1, bestProgramExternalId: 'a' });
    const [before, after] = [await programsOf(stored.runId), await programsOf(again.runId)];
    expect([...after.entries()]).toEqual([...before.entries()]);
    expect(after.get('d')).toMatchObject({ valid: false, evaluated: false });
    expect(after.get('c')!.parents).toEqual([['b', 'crossover', true], ['a', 'crossover', true]]);
    const env = await q(`SELECT r.name, e.evaluator_command, e.files, e.dependencies, e.timeout_seconds, e.notes
      FROM replay_environments e JOIN runs r ON r.id = e.run_id WHERE e.run_id = ANY($1::uuid[]) ORDER BY r.name`, [[stored.runId, again.runId]]);
    expect(env[1]).toEqual({ ...env[0], name: `${tag}-small-again` });
  });
});

describe('export failures', () => {
  it('rejects an unknown run and a non-empty directory, writing nothing', async () => {
    const unknown = crypto.randomUUID();
    const out = path.join(tmp, 'never');
    await expect(exportRunToDirectory(unknown, out)).rejects.toMatchObject({ code: 'unknown-run', message: `no run with id ${unknown}` });
    await expect(exportRunToDirectory('not-a-uuid', out)).rejects.toBeInstanceOf(ExportError);
    expect(fs.existsSync(out)).toBe(false);
    await expect(exportRunToDirectory(original.runId, exportDir)).rejects.toMatchObject({ code: 'out-not-empty' });
  });
});

describe('the export command', () => {
  it('prints one JSON object with --json', async () => {
    const out = path.join(tmp, 'cli-out');
    const r = await cli(['export', original.runId, '--format', 'evotrace', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ runId: original.runId, format: 'evotrace', outDir: out, programs: 204, edges: 203 });
    expect(fs.existsSync(path.join(out, 'meta.json'))).toBe(true);
  });

  it('prints what it wrote without --json', async () => {
    const out = path.join(tmp, 'cli-human');
    const r = await cli(['export', original.runId, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`to ${out}: 204 programs, 203 edges`);
    expect(r.stdout).toContain('programs.jsonl');
  });

  it('exits non-zero with the reason on stderr for an unknown run or a non-empty directory', async () => {
    const unknown = crypto.randomUUID();
    const r1 = await cli(['export', unknown, '--format', 'evotrace', '--out', path.join(tmp, 'cli-unknown'), '--json']);
    expect(r1.code).not.toBe(0);
    expect(r1.stderr).toContain(`no run with id ${unknown}`);
    expect(r1.stdout).toBe('');
    expect(fs.existsSync(path.join(tmp, 'cli-unknown'))).toBe(false);

    const r2 = await cli(['export', original.runId, '--out', exportDir]);
    expect(r2.code).not.toBe(0);
    expect(r2.stderr).toContain('is not empty');
    expect(r2.stdout).toBe('');

    const r3 = await cli(['export', original.runId, '--format', 'csv', '--out', path.join(tmp, 'x')]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toContain("unknown export format 'csv'");
  });
});

// Issue 14 item 1: a large import streams. A realistic 20k-program OpenEvolve run (~4.5 KB of
// source per program, written twice per file as `code` and `solution`) imports in a process whose
// heap is capped at 256 MB, which holding the run's sources whole (~180 MB of text, more as
// objects and rows) cannot do; and an import that fails at 90 % stores nothing, whether the bad
// file is met while reading or while the rows are being written inside the one transaction.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { REALISTIC, syntheticPrograms, writeSyntheticOpenEvolveRun } from '../../lib/services/demo/synthetic';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { ImportError } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const root = path.resolve(import.meta.dirname, '..', '..');
const N = 20_000;
const tag = `stream-${crypto.randomUUID().slice(0, 8)}`;
let tmp: string;
let dir: string;
let programsDir: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-stream-'));
  dir = path.join(tmp, 'big');
  // Seed 1414: no other test stores these sources, so their blobs tell whether anything landed.
  writeSyntheticOpenEvolveRun(dir, N, 1414, REALISTIC);
  programsDir = path.join(dir, 'openevolve_output', 'db', 'programs');
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const count = async (sql: string, params: unknown[]) => Number((await pool().query(sql, params)).rows[0].n);
const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The db/programs file of the program found last (highest iteration), and its text. */
function lastProgramFile() {
  const newest = fs
    .readdirSync(path.join(dir, 'openevolve_output', 'checkpoints'))
    .sort((a, b) => Number(b.split('_')[1]) - Number(a.split('_')[1]))[0];
  const cp = path.join(dir, 'openevolve_output', 'checkpoints', newest, 'programs');
  const last = fs
    .readdirSync(cp)
    .map((f) => JSON.parse(fs.readFileSync(path.join(cp, f), 'utf8')) as { id: string; iteration_found: number; code: string })
    .sort((a, b) => b.iteration_found - a.iteration_found)[0];
  const file = path.join(programsDir, `${last.id}.json`);
  return { file, rel: `openevolve_output/db/programs/${last.id}.json`, text: fs.readFileSync(file, 'utf8'), code: last.code };
}

/** The run's first program (stored in the first batch): nothing of it may remain. */
const first = syntheticPrograms(N, 1414, 4, REALISTIC).next().value!;

async function nothingStored(name: string) {
  expect(await count('SELECT count(*) AS n FROM runs WHERE name = $1', [name])).toBe(0);
  expect(await count('SELECT count(*) AS n FROM import_jobs WHERE source_name = $1', [name])).toBe(0);
  expect(await count('SELECT count(*) AS n FROM programs WHERE external_id = $1', [first.id])).toBe(0);
  expect(await count('SELECT count(*) AS n FROM blobs WHERE sha256 = $1', [sha(first.code)])).toBe(0);
}

it('a malformed program file met at 90 % of the reading stores nothing and is named', async () => {
  // The file read at 90 % of the directory walk (the order the importer reads in).
  const names: string[] = [];
  const d = fs.opendirSync(programsDir);
  for (let e; (e = d.readSync()); ) names.push(e.name);
  d.closeSync();
  const victim = path.join(programsDir, names[Math.floor(names.length * 0.9)]);
  const original = fs.readFileSync(victim, 'utf8');
  fs.writeFileSync(victim, original.slice(0, original.length / 2));
  const name = `${tag} read`;
  try {
    const err = await importFromPath(dir, { name, label: name }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toContain(`openevolve_output/db/programs/${path.basename(victim)}`);
    expect(err.message).not.toContain(tmp); // never the host's folders
    await nothingStored(name);
  } finally {
    fs.writeFileSync(victim, original);
  }
});

it('a program file that breaks after 90 % of the programs were written rolls the whole import back', async () => {
  const last = lastProgramFile();
  const name = `${tag} store`;
  let broken = false;
  let storedBeforeFailing = 0;
  try {
    const err = await importFromPath(dir, {
      name,
      label: name,
      onProgress: (p) => {
        if (p.phase !== 'storing') return;
        storedBeforeFailing = Math.max(storedBeforeFailing, p.programsStored!);
        // The last program's batch (the 20th) is read once the 17th is written (one batch read
        // ahead, one written behind): broken at 80 %, it is met after 90 % were written.
        if (!broken && p.programsStored! >= 0.8 * p.programsTotal!) {
          broken = true;
          fs.writeFileSync(last.file, '{"id": "truncated", "code": ');
        }
      },
    }).catch((e) => e);
    expect(storedBeforeFailing).toBeGreaterThanOrEqual(0.9 * N);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toContain(last.rel);
    await nothingStored(name);
  } finally {
    fs.writeFileSync(last.file, last.text);
  }
});

it('imports the 20k-program run with a 256 MB heap', () => {
  const r = spawnSync(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', 'scripts/bench/importOnce.ts', dir], {
    cwd: root,
    env: process.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr.slice(-2000)).toBe(0);
  const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { programs: number; runId: string; peakRssMB: number };
  expect(out.programs).toBe(N);
  expect(out.peakRssMB).toBeLessThan(1024);
}, 120_000);

it('the streamed import stored every program whole', async () => {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM runs WHERE source_path = $1 ORDER BY imported_at DESC LIMIT 1`,
    [dir],
  );
  const runId = rows[0].id;
  runIds.push(runId);
  const last = lastProgramFile();
  const stored = await pool().query<{ n: number; edges: number; seqs: number; code: string; solution: string | null; codeKeys: string[] }>(
    `SELECT (SELECT count(*) FROM programs WHERE run_id = $1)::int AS n,
            (SELECT count(*) FROM edges WHERE run_id = $1)::int AS edges,
            (SELECT count(DISTINCT seq) FROM programs WHERE run_id = $1)::int AS seqs,
            b.content AS code, p.metadata->>'solution' AS solution, p.metadata_code_keys AS "codeKeys"
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 AND p.external_id = $2`,
    [runId, JSON.parse(last.text).id],
  );
  // `solution` repeats the code: stored once, as the code blob (tests/db/codeCopies reads it back).
  expect(stored.rows[0]).toMatchObject({ n: N, edges: N - 1, seqs: N, code: last.code, solution: null, codeKeys: ['solution'] });
});

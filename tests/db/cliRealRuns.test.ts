// Every real archive in shared/real-runs imports through the CLI (`evoscope import --json`),
// as a folder and as an archive, with exact counts. The counts are established independently
// in each importer's unit test (see the comments there); here they are checked end to end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { realRunsDir, runCli } from '../helpers/cli';

const REAL = realRunsDir();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-cli-'));
const imported: string[] = [];

// format, runs, programs, edges, invalid programs, programs never evaluated (Shinka's gen_4:
// no results at all; it is not counted as invalid)
const EXPECTED: Record<string, [string, number, number, number, number, number]> = {
  'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits': ['openevolve', 1, 204, 203, 0, 0],
  'shinka__UT-AiInfra__cuco__ds-v3-moe': ['shinkaevolve', 1, 18, 14, 2, 1],
  'funsearch__lumi-a__funsearch__json-data': ['funsearch', 33, 2331, 2001, 0, 0],
  'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts': ['llamea', 9, 450, 268, 119, 0],
  'eoh__langkhachhoha__LLM4MO__moeoh-pops': ['eoh', 1, 18, 0, 0, 0],
  // 83 programs only in the union of 10 checkpoints; 81 parent links (2 to programs in none,
  // stored as the QOS run's ghost parent is); 38 with validity 0 (lib/importers/skydiscoverReal.test.ts)
  'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413': ['skydiscover', 1, 83, 81, 38, 0],
};

beforeAll(async () => {
  expect(fs.existsSync(REAL), `real runs missing at ${REAL}`).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [imported]);
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function totals(stdout: string) {
  const rows = stdout.trim().split('\n').map((l) => JSON.parse(l));
  imported.push(...rows.map((r) => r.runId));
  return {
    formats: [...new Set(rows.map((r) => r.format))],
    runs: rows.length,
    programs: rows.reduce((s, r) => s + r.programs, 0),
    edges: rows.reduce((s, r) => s + r.edges, 0),
    invalid: rows.reduce((s, r) => s + r.invalidPrograms, 0),
    unevaluated: rows.reduce((s, r) => s + r.unevaluatedPrograms, 0),
    rows,
  };
}

describe('evoscope import on every real archive', () => {
  for (const [folder, [format, runs, programs, edges, invalid, unevaluated]] of Object.entries(EXPECTED)) {
    it(`${folder} (folder)`, async () => {
      const r = await runCli(['import', path.join(REAL, folder), '--again', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const t = totals(r.stdout);
      expect({ formats: t.formats, runs: t.runs, programs: t.programs, edges: t.edges, invalid: t.invalid, unevaluated: t.unevaluated }).toEqual({
        formats: [format], runs, programs, edges, invalid, unevaluated,
      });
      for (const row of t.rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(['runId', 'name', 'format', 'programs', 'edges', 'invalidPrograms', 'warnings']));
      const stored = await pool().query('SELECT sum(program_count)::int AS n FROM runs WHERE id = ANY($1::uuid[])', [t.rows.map((x) => x.runId)]);
      expect(stored.rows[0].n).toBe(programs);
    });
  }

  it('imports a .tar.gz and a .zip of a run the same way as its folder', async () => {
    const folder = 'shinka__UT-AiInfra__cuco__ds-v3-moe';
    const tgz = path.join(tmp, 'shinka.tar.gz');
    await tar.c({ gzip: true, file: tgz, cwd: path.join(REAL, folder) }, ['workloads']);
    const files: Record<string, Uint8Array> = {};
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else files[path.relative(path.join(REAL, folder), p)] = fs.readFileSync(p);
      }
    };
    walk(path.join(REAL, folder));
    const zip = path.join(tmp, 'shinka.zip');
    fs.writeFileSync(zip, zipSync(files));
    for (const archive of [tgz, zip]) {
      const r = await runCli(['import', archive, '--again', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const t = totals(r.stdout);
      expect([t.runs, t.programs, t.edges, t.invalid, t.unevaluated]).toEqual([1, 18, 14, 2, 1]);
    }
  });

  it('fails with the reason on stderr and a non-zero exit for an unknown layout', async () => {
    const dir = path.join(tmp, `unknown-${crypto.randomUUID()}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'readme.txt'), 'not a run');
    const r = await runCli(['import', dir, '--json']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown layout/);
  });
});

// GEPA runs through the real CLI (`evoscope import --json`) and the browser's folder upload (the
// files route, then the import task): a run_dir completed by its agent-state tree and an
// optimize_anything folder are stored with their programs and edges; a pickle-only folder, a
// cycle of parents and an index out of range fail with the file and entry named and leave the
// database exactly as it was. Origin, components and rejected are asserted at
// the importer level (lib/importers/gepa.test.ts): their columns are another change's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { createImportJob, getImportJob } from '../../lib/db/importJobs';
import { runCli } from '../helpers/cli';
import { allowDuplicate, putFile, runImportTask, startImportRoute, uploadTestContext } from '../helpers/uploads';

const FIX = path.resolve(import.meta.dirname, '../fixtures/gepa');
const imported: string[] = [];

// Migrates first; afterwards removes the uploads' runs (named after the tag) and disconnects.
const { tag } = uploadTestContext('gepa');
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [imported]);
});

async function importJson(dir: string, name: string) {
  const r = await runCli(['import', dir, '--again', '--json', '--name', name]);
  expect(r.code, r.stderr).toBe(0);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  imported.push(...rows.map((x) => x.runId));
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Row counts of every table an import writes to. */
async function counts() {
  const { rows } = await pool().query(
    `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM programs)::int AS programs,
            (SELECT count(*) FROM edges)::int AS edges, (SELECT count(*) FROM blobs)::int AS blobs,
            (SELECT count(*) FROM search_snapshots)::int AS snapshots`,
  );
  return rows[0];
}

describe('evoscope import on GEPA output', () => {
  it('stores a run_dir with its agent-state tree: candidates, rejected proposals and merge edges', async () => {
    const name = `gepa-run-dir-${process.pid}`;
    const row = await importJson(path.join(FIX, 'run_dir_agent_state'), name);
    // Rejected proposals are counted apart from invalid programs (they were proposed and turned down, not failed).
    expect(row).toMatchObject({ name, format: 'gepa', programs: 6, edges: 7, invalidPrograms: 0, rejectedPrograms: 2 });
    const programs = await pool().query(
      `SELECT p.external_id, p.iteration, p.valid, p.score, p.timestamp, b.content
         FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY p.seq`,
      [row.runId],
    );
    expect(programs.rows.map((p) => [p.external_id, p.iteration, p.valid, p.score])).toEqual([
      ['0', 0, true, 0.25],
      ['1', 1, true, 0.5],
      ['rejected-1', 2, false, null],
      ['2', 3, true, 0.5],
      ['3', 4, true, 0.75],
      ['rejected-5', 6, false, null],
    ]);
    const merged = programs.rows.find((p) => p.external_id === '3')!;
    expect(merged.content).toMatch(/^### component: system_prompt ###\n.*\n\n### component: answer_format ###\n/s);
    expect(programs.rows.find((p) => p.external_id === 'rejected-1')!.content).toContain('Never guess.');
    const edges = await pool().query(
      `SELECT c.external_id AS child, e.parent_external_id AS parent, e.operator
         FROM edges e JOIN programs c ON c.id = e.child_id WHERE e.run_id = $1 ORDER BY c.seq, e.ordinal`,
      [row.runId],
    );
    expect(edges.rows.map((e) => `${e.parent}->${e.child} ${e.operator}`)).toEqual([
      '0->1 reflective_mutation',
      '1->rejected-1 reflective_mutation',
      '0->2 reflective_mutation',
      '1->3 merge',
      '2->3 merge',
      '1->rejected-5 merge',
      '3->rejected-5 merge',
    ]);
    const snap = await pool().query('SELECT kind, extra FROM search_snapshots WHERE run_id = $1', [row.runId]);
    expect(snap.rows).toEqual([{ kind: 'final', extra: expect.objectContaining({ pareto_front_instance: expect.any(Object) }) }]);
  });

  it('stores an optimize_anything folder without reading its gepa_state/', async () => {
    const row = await importJson(path.join(FIX, 'optimize_anything'), `gepa-oa-${process.pid}`);
    expect(row).toMatchObject({ format: 'gepa', programs: 3, edges: 0, invalidPrograms: 0, rejectedPrograms: 1 });
    expect(row.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'gepa-state-bin-ignored' })]));
  });

  it.each([
    ['state_only', 'state_only holds only gepa_state.bin, a Python pickle: Evoscope never loads one'],
    ['hostile_cycle', 'candidates.json: parents[2]: a cycle of parents (1 -> 2 -> 1)'],
    ['hostile_range', 'run_log.json: entry 1 (i=1): selected_program_candidate 9 is out of range (2 candidates in candidates.json)'],
  ])('%s fails with the file and entry named and leaves the database unchanged', async (folder, message) => {
    const before = await counts();
    const r = await runCli(['import', path.join(FIX, folder), '--format', 'gepa']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(await counts()).toEqual(before);
  });
});

/** Every file of a fixture folder, as the browser sends a folder: '<folder>/<relative path>'. */
function filesOf(dir: string, prefix = path.basename(dir)): [string, string][] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e): [string, string][] =>
    e.isDirectory() ? filesOf(path.join(dir, e.name), `${prefix}/${e.name}`) : [[`${prefix}/${e.name}`, path.join(dir, e.name)]],
  );
}

async function uploadFolder(folder: string) {
  const job = await createImportJob({ kind: 'folder', sourceName: folder, format: 'auto', runName: `${tag}-${folder}` });
  for (const [rel, abs] of filesOf(path.join(FIX, folder))) {
    const put = await putFile(job.id, rel, fs.readFileSync(abs));
    expect(put.status, `${rel}: ${JSON.stringify(put.body)}`).toBeLessThan(300);
  }
  expect((await startImportRoute(job.id)).status).toBeLessThan(300);
  await allowDuplicate(job.id); // the CLI tests above store the same fixtures
  await runImportTask(job.id);
  return (await getImportJob(job.id))!;
}

describe('GEPA output through the browser upload (folder)', () => {
  it('imports an optimize_anything folder: .jsonl, .json and the ignored gepa_state.bin all accepted', async () => {
    const done = await uploadFolder('optimize_anything');
    expect(done.error ?? null).toBeNull();
    expect(done.status).toBe('succeeded');
    const runs = await pool().query('SELECT program_count FROM runs WHERE name = $1', [`${tag}-optimize_anything`]);
    expect(runs.rows.map((r) => r.program_count)).toEqual([3]);
  });

  it('imports an agent-state tree with its components/*.txt', async () => {
    const done = await uploadFolder('agent_state');
    expect(done.status, String(done.error)).toBe('succeeded');
    const runs = await pool().query('SELECT program_count FROM runs WHERE name = $1', [`${tag}-agent_state`]);
    expect(runs.rows.map((r) => r.program_count)).toEqual([4]);
  });

  it('refuses a folder holding only gepa_state.bin with the message, never a server path', async () => {
    const before = await counts();
    const done = await uploadFolder('state_only');
    expect(done.status).toBe('failed');
    expect(String(done.error)).toContain('holds only gepa_state.bin, a Python pickle: Evoscope never loads one');
    expect(String(done.error)).not.toMatch(/\/tmp\/|\.evoscope\/|\/uploads\//);
    expect(await counts()).toEqual(before);
  });
});

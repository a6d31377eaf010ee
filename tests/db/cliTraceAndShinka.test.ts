// Issue 22 items 4-5 through the real CLI and the browser upload: OpenEvolve's
// evolution_trace.jsonl.gz on its own (a gzip run file, not a tar), a trace beside checkpoints/
// (one run, no duplicates), a current ShinkaEvolve results folder with programs.sqlite, and a
// 2 GB programs.sqlite refused before it is read, naming the file and the limit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImportJob, getImportJob } from '../../lib/db/importJobs';
import { pool } from '../../lib/db/client';
import { writeCurrentShinkaRun } from '../../lib/importers/testShinkaCurrent';
import { runCli } from '../helpers/cli';
import { allowDuplicate, putFile, runImportTask, startImportRoute } from '../helpers/uploads';
import { useTestDatabase } from '../helpers/dbTest';

const FIX = path.resolve('tests/fixtures/openevolve-trace');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-trace-shinka-'));
const tag = `oeshinka-${process.pid}`;
const runIds: string[] = [];
useTestDatabase({ runIds, after: () => fs.rmSync(tmp, { recursive: true, force: true }) });

const runsNamed = async (name: string) =>
  (await pool().query<{ id: string; program_count: number; framework: string }>('SELECT id, program_count, framework FROM runs WHERE name = $1', [name])).rows;

async function cliImport(p: string, name: string) {
  const r = await runCli(['import', p, '--again', '--name', name, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const runs = await runsNamed(name);
  runIds.push(...runs.map((x) => x.id));
  return runs;
}

describe('OpenEvolve evolution traces', () => {
  it('imports evolution_trace.jsonl.gz alone through the CLI: three children and the seed', async () => {
    const runs = await cliImport(path.join(FIX, 'jsonl-gz/evolution_trace.jsonl.gz'), `${tag}-gz-cli`);
    expect(runs.map((x) => [x.framework, x.program_count])).toEqual([['openevolve', 4]]);
  });

  it('imports evolution_trace.jsonl.gz through the upload route and the import task', async () => {
    const name = `${tag}-gz-upload`;
    const job = await createImportJob({ kind: 'archive', sourceName: 'evolution_trace.jsonl.gz', format: 'auto', runName: name });
    expect((await putFile(job.id, null, fs.readFileSync(path.join(FIX, 'jsonl-gz/evolution_trace.jsonl.gz')))).status).toBeLessThan(300);
    expect((await startImportRoute(job.id)).status).toBeLessThan(300);
    await allowDuplicate(job.id); // the same run as the CLI test above: stored again on purpose
    await runImportTask(job.id);
    const done = await getImportJob(job.id);
    expect(done?.error ?? null).toBeNull();
    expect(done?.status).toBe('succeeded');
    const runs = await runsNamed(name);
    runIds.push(...runs.map((x) => x.id));
    expect(runs.map((x) => x.program_count)).toEqual([4]);
  });

  it('imports a trace beside checkpoints/ as one run without duplicates', async () => {
    const runs = await cliImport(path.join(FIX, 'beside-checkpoints'), `${tag}-beside`);
    expect(runs.map((x) => x.program_count)).toEqual([4]); // seed, c1, c2 from the checkpoint + c3 from the trace
  });

  it('still refuses a plain .gz that no format reads', async () => {
    const file = path.join(tmp, 'notes.gz');
    fs.writeFileSync(file, fs.readFileSync(path.join(FIX, 'jsonl-gz/evolution_trace.jsonl.gz')));
    const r = await runCli(['import', file]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/notes\.gz: a gzip-compressed file that is not a tar archive/);
  });
});

describe('a current ShinkaEvolve results folder', () => {
  it('imports programs.sqlite and its folders through the CLI', async () => {
    const root = await writeCurrentShinkaRun(path.join(tmp, 'results_current'));
    const runs = await cliImport(root, `${tag}-shinka`);
    expect(runs.map((x) => [x.framework, x.program_count])).toEqual([['shinkaevolve', 3]]);
  });

  it('imports the same folder through a folder upload (programs.sqlite among its files)', async () => {
    const root = await writeCurrentShinkaRun(path.join(tmp, 'results_upload'));
    const name = `${tag}-shinka-upload`;
    const job = await createImportJob({ kind: 'folder', sourceName: 'results_upload', format: 'auto', runName: name });
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
    for (const f of files) expect((await putFile(job.id, `results_upload/${f.split(path.sep).join('/')}`, fs.readFileSync(path.join(root, f)))).status).toBeLessThan(300);
    expect((await startImportRoute(job.id)).status).toBeLessThan(300);
    await allowDuplicate(job.id); // the same run as the CLI test above: stored again on purpose
    await runImportTask(job.id);
    const done = await getImportJob(job.id);
    expect(done?.error ?? null).toBeNull();
    const runs = await runsNamed(name);
    runIds.push(...runs.map((x) => x.id));
    expect(runs.map((x) => [x.framework, x.program_count])).toEqual([['shinkaevolve', 3]]);
  });

  it('refuses a 2 GB programs.sqlite before reading it, naming the file and the limit', async () => {
    const root = await writeCurrentShinkaRun(path.join(tmp, 'results_huge'));
    const db = path.join(root, 'programs.sqlite');
    fs.rmSync(db);
    fs.closeSync(fs.openSync(db, 'w'));
    fs.truncateSync(db, 2 * 1024 ** 3); // sparse
    const r = await runCli(['import', root, '--name', `${tag}-huge`]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/programs\.sqlite: database is 2\.0 GiB, above the 1\.0 GiB limit for reading it into memory/);
    expect(await runsNamed(`${tag}-huge`)).toEqual([]);
  });
});

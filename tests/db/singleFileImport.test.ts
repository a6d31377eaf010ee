// Issue 15 item 7: a single .jsonl run file imported without --format, by the CLI and through
// the upload page (which sends one file as the 'archive' kind), is detected as JSONL; a single
// file no format reads fails naming the file, never with ENOTDIR or a server path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImportJob, getImportJob } from '../../lib/db/importJobs';
import { pool } from '../../lib/db/client';
import { runCli } from '../helpers/cli';
import { jsonlRun, putFile, runImportTask, startImportRoute } from '../helpers/uploads';
import { useTestDatabase } from '../helpers/dbTest';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-single-file-'));
const runIds: string[] = [];
// Upload messages never show a server path; the CLI may echo the path its user typed.
const noInternals = (text: string, cli = false) => {
  expect(text).not.toMatch(/ENOTDIR|ENOENT|EISDIR|\/checkpoints|\.evoscope\/|\/uploads\//);
  if (!cli) expect(text).not.toMatch(/evoscope-single-file-|\/tmp\//);
};

useTestDatabase({ runIds, after: () => fs.rmSync(tmp, { recursive: true, force: true }) });

const runsNamed = async (name: string) =>
  (await pool().query<{ id: string; program_count: number }>('SELECT id, program_count FROM runs WHERE name = $1', [name])).rows;

describe('a single .jsonl file, no --format', () => {
  it('imports through the CLI', async () => {
    const file = path.join(tmp, 'run.jsonl');
    fs.writeFileSync(file, jsonlRun('single-cli', 3));
    const r = await runCli(['import', file]);
    noInternals(r.stdout + r.stderr, true);
    expect(r.code, r.stderr).toBe(0);
    const runs = await runsNamed('single-cli');
    runIds.push(...runs.map((x) => x.id));
    expect(runs.map((x) => x.program_count)).toEqual([3]);
  });

  it('imports through the upload route and the import task', async () => {
    const job = await createImportJob({ kind: 'archive', sourceName: 'run.jsonl', format: 'auto' });
    expect((await putFile(job.id, null, jsonlRun('single-upload', 4))).status).toBeLessThan(300);
    expect((await startImportRoute(job.id)).status).toBeLessThan(300);
    await runImportTask(job.id);
    const done = await getImportJob(job.id);
    noInternals(String(done?.error ?? ''));
    expect(done?.error ?? null).toBeNull();
    expect(done?.status).toBe('succeeded');
    const runs = await runsNamed('single-upload');
    runIds.push(...runs.map((x) => x.id));
    expect(runs.map((x) => x.program_count)).toEqual([4]);
  });

  it('imports a folder holding just one run.jsonl, through the CLI and a folder upload', async () => {
    const dir = path.join(tmp, 'myrun');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'run.jsonl'), jsonlRun('single-folder-cli', 2));
    const r = await runCli(['import', dir]);
    noInternals(r.stdout + r.stderr, true);
    expect(r.code, r.stderr).toBe(0);
    const cliRuns = await runsNamed('single-folder-cli');
    runIds.push(...cliRuns.map((x) => x.id));
    expect(cliRuns.map((x) => x.program_count)).toEqual([2]);

    const job = await createImportJob({ kind: 'folder', sourceName: 'myrun', format: 'auto' });
    expect((await putFile(job.id, 'myrun/run.jsonl', jsonlRun('single-folder-upload', 5))).status).toBeLessThan(300);
    expect((await startImportRoute(job.id)).status).toBeLessThan(300);
    await runImportTask(job.id);
    const done = await getImportJob(job.id);
    noInternals(String(done?.error ?? ''));
    expect(done?.error ?? null).toBeNull();
    const runs = await runsNamed('single-folder-upload');
    runIds.push(...runs.map((x) => x.id));
    expect(runs.map((x) => x.program_count)).toEqual([5]);
  });

  it('refuses a file of no known format naming it, with no server path', async () => {
    const file = path.join(tmp, 'notes.jsonl');
    fs.writeFileSync(file, '{"hello": "world"}\n');
    const r = await runCli(['import', file]);
    expect(r.code).not.toBe(0);
    noInternals(r.stdout + r.stderr, true);
    expect(r.stderr).toMatch(/notes\.jsonl/);
  });
});

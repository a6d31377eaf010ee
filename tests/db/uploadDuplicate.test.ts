// A browser upload of a run already stored (issue 24, item 2): the import job ends as 'duplicate'
// naming the stored run, stores nothing and keeps the upload until the user decides; "Import
// again" (POST .../again) queues it once more and it is stored as a new run. Left undecided for a
// day, the stale-uploads sweep fails it and removes the upload.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { getImportJob, importJobView } from '../../lib/db/importJobs';
import { removeStaleUploads, UNDECIDED_MESSAGE } from '../../lib/services/uploads/staleUploads';
import { folderRoot, uploadDir } from '../../lib/storage/storage';
import { againImportRoute, folderImport, jsonlRun, putFile, runImportTask, startImportRoute, uploadTestContext } from '../helpers/uploads';

const { tag } = uploadTestContext('upload-duplicate');
const run = jsonlRun(`${tag}-run`, 6);

/** Uploads the run as a folder import named `name` and runs the import task once. */
async function upload(name: string) {
  const id = await folderImport(`${tag} ${name}`);
  expect((await putFile(id, 'run/programs.jsonl', run)).status).toBe(200);
  expect((await startImportRoute(id)).status).toBe(200);
  await runImportTask(id);
  return id;
}
const runsOf = async (importId: string) =>
  (await pool().query<{ id: string; digest: string }>('SELECT id::text, programs_digest AS digest FROM runs WHERE import_job_id = $1', [importId])).rows;
const runCount = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM runs')).rows[0].n;

describe('an upload of a run already stored', () => {
  let first: string;
  let second: string;

  it('waits as a duplicate naming the stored run, stores nothing and keeps the upload', async () => {
    first = await upload('first');
    expect((await getImportJob(first))!.status).toBe('succeeded');
    const [stored] = await runsOf(first);
    const before = await runCount();

    second = await upload('second');
    const view = (await importJobView(second))!;
    expect(view.status).toBe('duplicate');
    expect(view.runs).toEqual([]);
    expect(view.duplicateOf).toEqual([
      expect.objectContaining({ id: stored.id, name: `${tag} first`, programs: 6, origin: `folder ${tag} first` }),
    ]);
    expect(await runCount()).toBe(before);
    expect(fs.readFileSync(path.join(folderRoot(second), 'run', 'programs.jsonl'), 'utf8')).toBe(run);
    const audit = await pool().query(`SELECT details FROM audit_log WHERE action = 'import.duplicate' AND target_id = $1`, [second]);
    expect(audit.rows[0].details).toMatchObject({ duplicateOf: [{ runId: stored.id, name: `${tag} first` }] });

    // A retried task changes nothing: the user decides.
    await runImportTask(second, 2);
    expect((await getImportJob(second))!.status).toBe('duplicate');
    expect(await runCount()).toBe(before);
  });

  it('is stored as a new run when the user imports it again, once', async () => {
    expect(await againImportRoute(second)).toEqual({ status: 200, body: { id: second, status: 'queued' } });
    expect((await againImportRoute(second)).status).toBe(409);
    await runImportTask(second);
    const job = (await getImportJob(second))!;
    expect(job.status, job.error ?? '').toBe('succeeded');
    const [again] = await runsOf(second);
    const [stored] = await runsOf(first);
    expect(again.id).not.toBe(stored.id);
    expect(again.digest).toBe(stored.digest);
    expect((await importJobView(second))!.runs).toEqual([{ id: again.id, name: `${tag} second`, programs: 6 }]);
    expect(fs.existsSync(uploadDir(second))).toBe(false);
  });

  it('cannot be imported again unless it waits as a duplicate', async () => {
    expect((await againImportRoute(first)).status).toBe(409);
    expect((await againImportRoute('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('is failed and its upload removed when left undecided for a day; a fresh one is kept', async () => {
    const stale = await upload('stale');
    const fresh = await upload('fresh');
    expect([(await getImportJob(stale))!.status, (await getImportJob(fresh))!.status]).toEqual(['duplicate', 'duplicate']);
    await pool().query(`UPDATE import_jobs SET updated_at = now() - interval '25 hours' WHERE id = $1`, [stale]);
    // The fresh one's files are old (uploaded long ago, imported now): still kept while it waits.
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    fs.utimesSync(uploadDir(fresh), twoDaysAgo, twoDaysAgo);

    const removed = await removeStaleUploads();
    expect(removed).toContain(stale);
    expect(removed).not.toContain(fresh);
    expect(await getImportJob(stale)).toMatchObject({ status: 'failed', error: UNDECIDED_MESSAGE });
    expect(fs.existsSync(uploadDir(stale))).toBe(false);
    expect(fs.existsSync(folderRoot(fresh))).toBe(true);
    expect((await againImportRoute(stale)).status).toBe(409);
  });
});

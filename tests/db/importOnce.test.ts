// An import is stored at most once (issue 7, item 2): a worker that crashed after the runs were
// committed but before the job was marked done leaves it `running`; the re-run must find the
// runs (keyed by the import id) instead of importing them again. Two attempts at once store once.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { getImportJob } from '../../lib/db/importJobs';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { folderRoot } from '../../lib/storage/storage';
import { folderImport, jsonlRun, putFile, runImportTask, uploadTestContext } from '../helpers/uploads';

const { dataDir, tag } = uploadTestContext('import-once');


const runsOf = async (importId: string) =>
  (await pool().query<{ id: string }>('SELECT id FROM runs WHERE import_job_id = $1 OR name = $2', [importId, `${tag} ${importId}`])).rows;

it('a job left running after its runs were committed is not imported twice', async () => {
  const importId = await folderImport(`${tag} crash`);
  const text = jsonlRun(`${tag}-crash`, 7);
  await putFile(importId, 'run/programs.jsonl', text);
  await pool().query(`UPDATE import_jobs SET status = 'queued', run_name = $2 WHERE id = $1`, [importId, `${tag} ${importId}`]);
  await runImportTask(importId);
  const first = await getImportJob(importId);
  expect(first!.status, first!.error ?? '').toBe('succeeded');
  expect(await runsOf(importId)).toHaveLength(1);

  // The state a crash between the store's commit and the status update leaves: the job is
  // `running` without results, and its upload is still on disk.
  await pool().query(`UPDATE import_jobs SET status = 'running', run_ids = '{}', results = NULL, finished_at = NULL WHERE id = $1`, [importId]);
  fs.mkdirSync(path.join(folderRoot(importId), 'run'), { recursive: true });
  fs.writeFileSync(path.join(folderRoot(importId), 'run', 'programs.jsonl'), text);
  await runImportTask(importId, 2);

  const again = await getImportJob(importId);
  expect(again!.status, again!.error ?? '').toBe('succeeded');
  expect(await runsOf(importId)).toHaveLength(1);
  expect(again!.runIds).toEqual(first!.runIds);
  expect(again!.results).toEqual(first!.results);
  expect(fs.existsSync(folderRoot(importId))).toBe(false);
});

it('two attempts of one import at the same time store its runs once', async () => {
  const importId = await folderImport(`${tag} race`);
  const dir = path.join(dataDir, 'race', 'run');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'programs.jsonl'), jsonlRun(`${tag}-race`, 300));
  const name = `${tag} ${importId}`;
  const [a, b] = await Promise.all([importFromPath(dir, { importJobId: importId, name }), importFromPath(dir, { importJobId: importId, name })]);
  expect(await runsOf(importId)).toHaveLength(1);
  expect(a.map((s) => s.runId)).toEqual(b.map((s) => s.runId));
  expect(b[0]).toMatchObject({ programs: 300, edges: 299, invalidPrograms: 0 });
});

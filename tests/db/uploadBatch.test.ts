// PUT /api/imports/<id>/batch (issue 24, item 1): many files of a folder in one request, with
// the per-file guarantees of PUT .../files: a retried batch is kept once and leaves the import
// complete, other bytes under a stored name are refused (the whole batch, the first file kept),
// parallel batches share one byte budget, a batch still streaming when the import starts is
// refused, and a cut or hostile batch stores nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { getImportJob } from '../../lib/db/importJobs';
import { folderRoot } from '../../lib/storage/storage';
import { batchBody, folderImport, jsonlRun, putBatch, putFile, runImportTask, startImportRoute, uploadTestContext } from '../helpers/uploads';

const { tag } = uploadTestContext('upload-batch');

afterAll(() => {
  delete process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
});

const counted = async (id: string) => {
  const job = await getImportJob(id);
  return { files: job!.filesReceived, bytes: Number(job!.bytesReceived) };
};
const listed = (id: string) => (fs.existsSync(folderRoot(id)) ? (fs.readdirSync(folderRoot(id), { recursive: true }) as string[]).sort() : []);

describe('a batch of files', () => {
  it('is stored and counted per file; a retried batch changes nothing; the import succeeds', async () => {
    const id = await folderImport(`${tag} retried`);
    const run = jsonlRun(`${tag}-retried`, 4);
    const files: [string, string][] = [['run/programs.jsonl', run], ['run/notes/a.txt', 'a'], ['run/notes/b.txt', 'bb']];
    const first = await putBatch(id, batchBody(files));
    const again = await putBatch(id, batchBody(files));
    const bytes = Buffer.byteLength(run) + 3;
    expect(first).toEqual({ status: 200, body: { files: 3, alreadyUploaded: 0, bytes } });
    expect(again).toEqual({ status: 200, body: { files: 0, alreadyUploaded: 3, bytes: 0 } });
    expect(await counted(id)).toEqual({ files: 3, bytes });
    // The single-file route and the batch route agree on what is already there.
    expect((await putFile(id, 'run/notes/a.txt', 'a')).body).toEqual({ bytes: 1, alreadyUploaded: true });

    expect((await startImportRoute(id)).status).toBe(200);
    await runImportTask(id);
    const done = await getImportJob(id);
    expect(done!.status, done!.error ?? '').toBe('succeeded');
    const { rows } = await pool().query('SELECT program_count FROM runs WHERE id = ANY($1::uuid[])', [done!.runIds]);
    expect(rows).toEqual([{ program_count: 4 }]);
  });

  it('with other bytes under a stored name is refused whole, the first file kept', async () => {
    const id = await folderImport(`${tag} clash`);
    await putBatch(id, batchBody([['a.json', '{"a": 1}']]));
    const clash = await putBatch(id, batchBody([['new.json', '{}'], ['a.json', '{"a": 2}']]));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^a\.json: a different file was already uploaded under this name/);
    expect(clash.body.error).not.toMatch(/EEXIST|\/tmp|evoscope-upload/);
    expect(fs.readFileSync(path.join(folderRoot(id), 'a.json'), 'utf8')).toBe('{"a": 1}');
    expect(listed(id)).toEqual(['a.json']);
    expect(await counted(id)).toEqual({ files: 1, bytes: 8 });
  });

  it('that is cut, climbs out, or is not a batch stores nothing', async () => {
    const id = await folderImport(`${tag} hostile`);
    const whole = batchBody([['a.txt', 'hello'], ['b.txt', 'world']]);
    const cut = await putBatch(id, whole.subarray(0, whole.length - 3));
    expect(cut.status).toBe(400);
    expect(cut.body.error).toMatch(/ended early/);
    const evil = await putBatch(id, batchBody([['ok.txt', 'x'], ['../../evil.txt', 'x']]));
    expect(evil).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^\.\.\/\.\.\/evil\.txt: entry path leads outside/) } });
    expect((await putBatch(id, '{"files": []}')).status).toBe(400);
    expect((await putBatch(id, batchBody([['a.txt', 'x']]), 'text/plain')).status).toBe(415);
    expect(listed(id)).toEqual([]);
    expect(await counted(id)).toEqual({ files: 0, bytes: 0 });
  });

  it('is refused on an archive import and once the import has started', async () => {
    const id = await folderImport(`${tag} started`);
    await putBatch(id, batchBody([['a.txt', 'a']]));
    expect((await startImportRoute(id)).status).toBe(200);
    const late = await putBatch(id, batchBody([['b.txt', 'b']]));
    expect(late.status).toBe(409);
    expect(listed(id)).toEqual(['a.txt']);
  });

  it('still streaming when the import is started is refused, and nothing of it counted', async () => {
    const id = await folderImport(`${tag} late`);
    await putBatch(id, batchBody([['first.txt', 'first']]));
    const bytes = batchBody([['late/a.txt', 'a'], ['late/b.txt', 'b']]);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let pulled!: () => void;
    const streaming = new Promise<void>((r) => (pulled = r));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        if (sent === 1) {
          pulled();
          await gate;
        }
        if (sent === 2) return ctl.close();
        ctl.enqueue(sent === 0 ? bytes.subarray(0, 20) : bytes.subarray(20));
        sent++;
      },
    });
    const late = putBatch(id, body);
    await streaming;
    expect((await startImportRoute(id)).status).toBe(200);
    open();
    expect((await late).status).toBe(409);
    expect(listed(id)).toEqual(['first.txt']);
    expect((await counted(id)).files).toBe(1);
  });
});

describe('the byte budget', () => {
  it('holds across parallel batches, and a refused batch gives its bytes back', async () => {
    process.env.EVOSCOPE_MAX_UPLOAD_BYTES = '3000';
    try {
      const id = await folderImport(`${tag} budget`);
      const k = (c: string) => c.repeat(1000);
      const results = await Promise.all([
        putBatch(id, batchBody([['x1.txt', k('x')], ['x2.txt', k('y')]])),
        putBatch(id, batchBody([['y1.txt', k('z')], ['y2.txt', k('w')]])),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 413]);
      expect(results.find((r) => r.status === 413)!.body.error).toMatch(/larger than the 2\.9 KiB limit/);
      expect(await counted(id)).toEqual({ files: 2, bytes: 2000 });
      expect(listed(id)).toHaveLength(2);
      // The refused batch's reservation went back: what is left of the budget still takes a file.
      expect((await putBatch(id, batchBody([['z.txt', k('v')]]))).body).toEqual({ files: 1, alreadyUploaded: 0, bytes: 1000 });
      expect(await counted(id)).toEqual({ files: 3, bytes: 3000 });
    } finally {
      delete process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
    }
  });
});

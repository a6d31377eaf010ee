// Browser uploads never lose a stored file (issue 7, item 1): a retried PUT keeps the first copy
// and leaves the import complete, a different file under a stored name is refused without
// touching it, parallel PUTs share one byte budget, and uploads never started go after a day.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { getImportJob } from '../../lib/db/importJobs';
import { folderRoot, uploadDir } from '../../lib/storage/storage';
import { ABANDONED_MESSAGE, removeStaleUploads } from '../../lib/services/uploads/staleUploads';
import { folderImport, jsonlRun, putFile, runImportTask, startImportRoute, uploadTestContext } from '../helpers/uploads';

const { tag } = uploadTestContext('upload-integrity');

afterAll(() => {
  delete process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
});

describe('repeated PUT of one file', () => {
  it('A retried file PUT leaves the import complete', async () => {
    const importId = await folderImport(`${tag} retried`);
    const text = jsonlRun(`${tag}-retried`, 5);
    const first = await putFile(importId, 'run/programs.jsonl', text);
    const again = await putFile(importId, 'run/programs.jsonl', text);

    // The first copy is still there, counted once ...
    const stored = path.join(folderRoot(importId), 'run', 'programs.jsonl');
    expect(fs.existsSync(stored) && fs.readFileSync(stored, 'utf8')).toBe(text);
    const job = await getImportJob(importId);
    expect({ files: job!.filesReceived, bytes: Number(job!.bytesReceived) }).toEqual({ files: 1, bytes: Buffer.byteLength(text) });
    // ... and the retry was told so.
    expect(first).toEqual({ status: 200, body: { bytes: Buffer.byteLength(text), alreadyUploaded: false } });
    expect(again).toEqual({ status: 200, body: { bytes: Buffer.byteLength(text), alreadyUploaded: true } });

    await pool().query(`UPDATE import_jobs SET status = 'queued' WHERE id = $1`, [importId]);
    await runImportTask(importId);
    const done = await getImportJob(importId);
    expect(done!.status, done!.error ?? '').toBe('succeeded');
    const { rows } = await pool().query('SELECT program_count FROM runs WHERE id = ANY($1::uuid[])', [done!.runIds]);
    expect(rows).toEqual([{ program_count: 5 }]);
  });

  it('refuses other bytes under a stored name and keeps the stored file', async () => {
    const importId = await folderImport(`${tag} clash`);
    await putFile(importId, 'a.json', '{"a": 1}');
    const clash = await putFile(importId, 'a.json', '{"a": 2, "longer": true}');
    const kept = path.join(folderRoot(importId), 'a.json');
    expect(fs.existsSync(kept) && fs.readFileSync(kept, 'utf8')).toBe('{"a": 1}');
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^a\.json: a different file was already uploaded/);
    expect(clash.body.error).not.toMatch(/EEXIST|\/tmp|evoscope-upload/);
    const job = await getImportJob(importId);
    expect({ files: job!.filesReceived, bytes: Number(job!.bytesReceived) }).toEqual({ files: 1, bytes: 8 });
    // No partial file is left where the importer reads.
    expect(fs.readdirSync(folderRoot(importId))).toEqual(['a.json']);
  });
});

describe('a file still streaming when the import is started', () => {
  it('is refused, and the started import holds exactly the files it counted', async () => {
    const importId = await folderImport(`${tag} late`);
    await putFile(importId, 'first.txt', 'first');
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
        sent++;
        ctl.enqueue(new TextEncoder().encode('late '));
      },
    });
    const late = putFile(importId, 'late.txt', body);
    await streaming;
    expect((await startImportRoute(importId)).status).toBe(200);
    open();
    expect((await late).status).toBe(409);
    expect(fs.readdirSync(folderRoot(importId))).toEqual(['first.txt']);
    expect((await getImportJob(importId))!.filesReceived).toBe(1);
  });
});

describe('the byte budget', () => {
  it('is shared by parallel PUTs of one import', async () => {
    process.env.EVOSCOPE_MAX_UPLOAD_BYTES = '3000';
    try {
      const importId = await folderImport(`${tag} budget`);
      // Each body sends 1000 bytes, then waits until both requests are streaming, then 1000 more.
      let started = 0;
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const body = () => {
        let sent = 0;
        return new ReadableStream<Uint8Array>({
          async pull(ctl) {
            if (sent === 1) {
              if (++started === 2) open();
              await gate;
            }
            if (sent === 2) return ctl.close();
            sent++;
            ctl.enqueue(new Uint8Array(1000).fill(65));
          },
        });
      };
      const results = await Promise.all([putFile(importId, 'x.txt', body()), putFile(importId, 'y.txt', body())]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 413]);
      expect(results.find((r) => r.status === 413)!.body.error).toMatch(/larger than the 2\.9 KiB limit/);
      const job = await getImportJob(importId);
      expect({ files: job!.filesReceived, bytes: Number(job!.bytesReceived) }).toEqual({ files: 1, bytes: 2000 });
      expect(fs.readdirSync(folderRoot(importId))).toHaveLength(1);
    } finally {
      delete process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
    }
  });

  it('takes EVOSCOPE_MAX_UPLOAD_BYTES with a unit, and refuses a value that is not a size', async () => {
    process.env.EVOSCOPE_MAX_UPLOAD_BYTES = '1K';
    try {
      const importId = await folderImport(`${tag} unit`);
      expect((await putFile(importId, 'big.txt', 'x'.repeat(1025))).status).toBe(413);
      expect((await putFile(importId, 'ok.txt', 'x'.repeat(1024))).status).toBe(200);
      process.env.EVOSCOPE_MAX_UPLOAD_BYTES = 'lots';
      const bad = await putFile(importId, 'more.txt', 'x');
      expect(bad.status).toBe(500);
      expect(bad.body.error).toMatch(/EVOSCOPE_MAX_UPLOAD_BYTES="lots" is not a size/);
    } finally {
      delete process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
    }
  });
});

describe('stale uploads', () => {
  it('removes uploads never started after a day, and leftovers of ended imports', async () => {
    const old = await folderImport(`${tag} abandoned`);
    await putFile(old, 'a.txt', 'abandoned');
    await pool().query(`UPDATE import_jobs SET updated_at = now() - interval '25 hours' WHERE id = $1`, [old]);
    const fresh = await folderImport(`${tag} fresh`);
    await putFile(fresh, 'a.txt', 'still uploading');
    // A folder left by a crash, of an import that no longer exists, last touched two days ago.
    const orphan = crypto.randomUUID();
    fs.mkdirSync(path.join(uploadDir(orphan), 'files'), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    fs.utimesSync(uploadDir(orphan), twoDaysAgo, twoDaysAgo);

    const removed = await removeStaleUploads();
    expect(removed.sort()).toEqual([old, orphan].sort());
    expect(fs.existsSync(uploadDir(old))).toBe(false);
    expect(fs.existsSync(uploadDir(orphan))).toBe(false);
    expect(fs.readFileSync(path.join(folderRoot(fresh), 'a.txt'), 'utf8')).toBe('still uploading');
    expect(await getImportJob(old)).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
    expect((await getImportJob(fresh))!.status).toBe('uploading');
  });
});

// A full disk during an upload (issue 15, item 3): the PUT is answered 507 "the disk is full
// (uploads folder)", not "internal error"; the partial file is removed; the server keeps serving.
// The disk is a real 1 MB tmpfs mounted as the data folder (these machines run tests as root), so
// the ENOSPC comes from the kernel, not from a stub.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { uploadDir } from '../../lib/storage/storage';
import { folderImport, jsonlRun, putFile } from '../helpers/uploads';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-disk-full-'));
const tag = `disk-full-${crypto.randomUUID().slice(0, 8)}`;

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir]);
  process.env.EVOSCOPE_DATA_DIR = dataDir;
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await releaseJobClient();
  await disconnect();
  execFileSync('umount', [dataDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.EVOSCOPE_DATA_DIR;
});

describe('an upload that fills the disk', () => {
  it('is refused with 507 naming the uploads folder, leaves no partial file, and the next upload is served', async () => {
    const importId = await folderImport(`${tag} big`);
    const big = 'x'.repeat(3 * 1024 * 1024); // three times the disk
    const full = await putFile(importId, 'run/programs.jsonl', big);
    expect(full).toEqual({ status: 507, body: { error: 'the disk is full (uploads folder)' } });
    expect(filesUnder(uploadDir(importId))).toEqual([]);

    const text = jsonlRun(`${tag}-small`, 3);
    const next = await putFile(importId, 'run/programs.jsonl', text);
    expect(next).toEqual({ status: 200, body: { bytes: Buffer.byteLength(text), alreadyUploaded: false } });
  });
});

// Where uploaded bytes live until the worker has imported them: <data dir>/uploads/<importId>/.
// An archive is one file (archive.bin); a folder upload keeps its relative paths under files/,
// each checked with the same guard that protects archive extraction (no absolute paths, no
// climbing out). Bodies are streamed to disk, never held in memory.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { InputError, formatBytes } from '../files/errors';
import { safeEntryPath } from '../files/entryPath';

export function dataDir() {
  return path.resolve(process.env.EVOSCOPE_DATA_DIR ?? path.join(process.cwd(), '.evoscope'));
}

/** Largest upload accepted (all files of one import together). */
export function maxUploadBytes() {
  return Number(process.env.EVOSCOPE_MAX_UPLOAD_BYTES ?? 20 * 1024 ** 3);
}

export const uploadDir = (importId: string) => path.join(dataDir(), 'uploads', importId);
/** The archive keeps (a safe form of) its own name: errors and run names then say it. */
export const archivePath = (importId: string, sourceName: string) =>
  path.join(uploadDir(importId), 'archive', path.basename(sourceName).replace(/[^A-Za-z0-9._-]/g, '_').slice(-200) || 'archive');
export const folderRoot = (importId: string) => path.join(uploadDir(importId), 'files');

/**
 * Streams one uploaded file to disk. `relPath` is the file's path inside the uploaded folder
 * (null for an archive). Returns the bytes written; fails with an InputError past `budget` bytes.
 */
export async function saveUpload(
  importId: string,
  sourceName: string,
  relPath: string | null,
  body: WebReadableStream<Uint8Array> | null,
  budget: number,
  onBytes?: (n: number) => void,
): Promise<number> {
  const dest = relPath === null ? archivePath(importId, sourceName) : path.join(folderRoot(importId), safeEntryPath(relPath) || '_');
  const root = relPath === null ? uploadDir(importId) : folderRoot(importId);
  if (!path.resolve(dest).startsWith(root + path.sep)) throw new InputError('zip-slip', 'file path leads outside the upload', { file: relPath ?? '' });
  await fsp.mkdir(path.dirname(dest), { recursive: true });
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      written += chunk.length;
      if (written > budget) {
        cb(new InputError('too-large', `the upload is larger than the ${formatBytes(maxUploadBytes())} limit`, { file: relPath ?? undefined }));
        return;
      }
      onBytes?.(chunk.length);
      cb(null, chunk);
    },
  });
  const source = body ? Readable.fromWeb(body) : Readable.from([]);
  try {
    await pipeline(source, counter, fs.createWriteStream(dest, { flags: 'wx', mode: 0o644 }));
  } catch (e) {
    await fsp.rm(dest, { force: true });
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new InputError('duplicate-entry', 'this file was already uploaded', { file: relPath ?? 'archive' });
    }
    throw e;
  }
  return written;
}

export async function removeUpload(importId: string) {
  await fsp.rm(uploadDir(importId), { recursive: true, force: true });
}

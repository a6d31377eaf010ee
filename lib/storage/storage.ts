// Where uploaded bytes live until the worker has imported them: <data dir>/uploads/<importId>/.
// An archive is one file (archive.bin); a folder upload keeps its relative paths under files/,
// each checked with the same guard that protects archive extraction (no absolute paths, no
// climbing out). Bodies are streamed to disk, never held in memory.
import { dataDir } from '../contracts/env';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { InputError } from '../files/errors';
import { safeEntryPath } from '../files/entryPath';
import { UploadClosedError, type ByteBudget } from './budget';

/**
 * The disk (or the user's quota) filled up while storing an upload. Not the user's input and not
 * a bug: the route answers 507 with this message, which names the folder, never its path.
 */
export class DiskFullError extends Error {
  constructor() {
    super('the disk is full (uploads folder)');
    this.name = 'DiskFullError';
  }
}

const isDiskFull = (e: unknown) => ['ENOSPC', 'EDQUOT'].includes((e as NodeJS.ErrnoException | null)?.code ?? '');

/** Partial uploads, beside (never inside) the folder the importer reads. */
const INCOMING = 'incoming';

/** Largest upload accepted (all files of one import together); see lib/env.ts. */
export { maxUploadBytes } from '../contracts/env';

export const uploadDir = (importId: string) => path.join(dataDir(), 'uploads', importId);
/** The archive keeps (a safe form of) its own name: errors and run names then say it. */
export const archivePath = (importId: string, sourceName: string) =>
  path.join(uploadDir(importId), 'archive', path.basename(sourceName).replace(/[^A-Za-z0-9._-]/g, '_').slice(-200) || 'archive');
export const folderRoot = (importId: string) => path.join(uploadDir(importId), 'files');

export interface SavedUpload {
  bytes: number;
  /** The same bytes were already stored under this path (a retried upload): nothing changed. */
  alreadyUploaded: boolean;
}

/**
 * Puts a complete file in place: runs `link` (true: the file was added; false: one was already
 * there) and returns what happened, or 'closed' when the import no longer takes files. The route
 * does it under the import's row lock (lib/db/importJobs.ts, placeUploadedFile).
 */
export type PlaceFile = (link: () => Promise<boolean>) => Promise<'added' | 'exists' | 'closed'>;

const placeDirectly: PlaceFile = async (link) => ((await link()) ? 'added' : 'exists');

/**
 * Streams one uploaded file to disk. `relPath` is the file's path inside the uploaded folder
 * (null for an archive). Bytes go to a private temporary file first (outside the folder the
 * importer reads) and are linked into place only when complete, and only if nothing is there:
 * a file already stored is never replaced nor removed. The same path uploaded again with the
 * same bytes is reported as already uploaded; with other bytes it is refused.
 */
export async function saveUpload(
  importId: string,
  sourceName: string,
  relPath: string | null,
  body: WebReadableStream<Uint8Array> | null,
  budget: ByteBudget,
  place: PlaceFile = placeDirectly,
): Promise<SavedUpload> {
  try {
    return await saveUploadOrThrow(importId, sourceName, relPath, body, budget, place);
  } catch (e) {
    if (isDiskFull(e) || isDiskFull((e as Error | null)?.cause)) throw new DiskFullError();
    throw e;
  }
}

async function saveUploadOrThrow(
  importId: string,
  sourceName: string,
  relPath: string | null,
  body: WebReadableStream<Uint8Array> | null,
  budget: ByteBudget,
  place: PlaceFile,
): Promise<SavedUpload> {
  const dest = relPath === null ? archivePath(importId, sourceName) : path.join(folderRoot(importId), safeEntryPath(relPath) || '_');
  const root = relPath === null ? uploadDir(importId) : folderRoot(importId);
  const file = relPath ?? path.basename(sourceName);
  if (!path.resolve(dest).startsWith(root + path.sep)) throw new InputError('zip-slip', 'file path leads outside the upload', { file });
  await fsp.mkdir(path.dirname(dest), { recursive: true }).catch((e: NodeJS.ErrnoException) => {
    throw new InputError('path-conflict', 'a file of the upload has the name of this file\'s folder', { file, cause: e });
  });
  const incoming = path.join(uploadDir(importId), INCOMING);
  await fsp.mkdir(incoming, { recursive: true });
  const temp = path.join(incoming, `${crypto.randomUUID()}.part`);
  const hash = crypto.createHash('sha256');
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      budget.take(chunk.length, relPath ?? undefined).then(() => {
        written += chunk.length;
        hash.update(chunk);
        cb(null, chunk);
      }, cb);
    },
  });
  const source = body ? Readable.fromWeb(body) : Readable.from([]);
  try {
    await pipeline(source, counter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o644 }));
    let linked = false;
    const placed = await place(async () => {
      try {
        await fsp.link(temp, dest); // atomic, and fails rather than replace what is there
        return (linked = true);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e;
      }
    }).catch(async (e) => {
      if (linked) await fsp.rm(dest, { force: true }); // ours, and not counted: the client retries
      throw e;
    });
    if (placed === 'closed') throw new UploadClosedError('the import no longer accepts files');
    if (placed === 'added') return { bytes: written, alreadyUploaded: false };
    const there = await fileSha256(dest);
    if (there === null) throw new InputError('path-conflict', 'the upload has a folder of this name', { file });
    if (there === hash.digest('hex')) return { bytes: written, alreadyUploaded: true };
    throw new InputError('duplicate-entry', 'a different file was already uploaded under this name; the first one is kept', { file });
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

/** SHA-256 of a stored file, or null when there is none (the repeat check of both upload routes). */
export async function fileSha256(file: string): Promise<string | null> {
  const st = await fsp.stat(file).catch(() => null);
  if (!st?.isFile()) return null;
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export async function removeUpload(importId: string) {
  await fsp.rm(uploadDir(importId), { recursive: true, force: true });
}

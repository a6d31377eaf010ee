// Stores one batch of a folder upload (format: batchFrame.ts) with the guarantees of saveUpload,
// per file: each entry's path passes the same guards (safeEntryPath, then the resolved path must
// stay under files/), its bytes are counted against the import's budget before they are written,
// written to a private temporary file, and linked into place only when the whole batch has
// arrived intact, under the import's row lock. A file already stored with the same bytes is
// reported as already uploaded (a retried batch changes nothing); other bytes under a stored
// name refuse the batch. A batch is stored whole or not at all: on any failure the files it
// linked are removed again and its bytes go back to the budget (the caller settles).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../files/errors';
import { safeEntryPath } from '../files/entryPath';
import { readBatchFrames } from './batchFrames';
import { UploadClosedError, type ByteBudget } from './budget';
import { DiskFullError, fileSha256, folderRoot, uploadDir } from './storage';

export interface SavedBatch {
  /** Files added by this batch. */
  added: number;
  /** Files that were already stored with the same bytes (a retried batch). */
  alreadyUploaded: number;
  /** Bytes of the added files (the ones the budget keeps). */
  bytes: number;
  /** Bytes of the files already stored: counted before, so the budget gives them back. */
  repeatedBytes: number;
}

/** Links the batch's files under the import's lock and returns how many it added (lib/db/importJobs.ts). */
export type PlaceFiles = (link: () => Promise<number>) => Promise<'added' | 'closed'>;

const placeDirectly: PlaceFiles = async (link) => (await link(), 'added');

interface Pending {
  file: string;
  dest: string;
  temp: string;
  size: number;
  sha256: string;
}

const isDiskFull = (e: unknown) => ['ENOSPC', 'EDQUOT'].includes((e as NodeJS.ErrnoException | null)?.code ?? '');

export async function saveBatch(importId: string, body: AsyncIterable<Uint8Array>, budget: ByteBudget, place: PlaceFiles = placeDirectly): Promise<SavedBatch> {
  const root = folderRoot(importId);
  const incoming = path.join(uploadDir(importId), 'incoming');
  const pending: Pending[] = [];
  try {
    await fsp.mkdir(incoming, { recursive: true });
    for await (const entry of readBatchFrames(body)) {
      const rel = safeEntryPath(entry.path);
      if (!rel) throw new InputError('invalid-path', 'a file of a folder upload needs a name', { file: entry.path });
      const dest = path.join(root, rel);
      if (!path.resolve(dest).startsWith(root + path.sep)) throw new InputError('zip-slip', 'file path leads outside the upload', { file: entry.path });
      await budget.take(entry.size, entry.path);
      const temp = path.join(incoming, `${crypto.randomUUID()}.part`);
      pending.push({ file: entry.path, dest, temp, size: entry.size, sha256: entry.sha256 });
      await fsp.writeFile(temp, entry.data, { flag: 'wx', mode: 0o644 });
    }
    const linked: string[] = [];
    let alreadyUploaded = 0;
    let bytes = 0;
    let repeatedBytes = 0;
    const placed = await place(async () => {
      const made = new Set<string>();
      for (const p of pending) {
        const dir = path.dirname(p.dest);
        if (!made.has(dir)) {
          await fsp.mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
            throw new InputError('path-conflict', "a file of the upload has the name of this file's folder", { file: p.file, cause: e });
          });
          made.add(dir);
        }
        if (await linkNew(p.temp, p.dest)) {
          linked.push(p.dest);
          bytes += p.size;
          continue;
        }
        const there = await fileSha256(p.dest);
        if (there === null) throw new InputError('path-conflict', 'the upload has a folder of this name', { file: p.file });
        if (there !== p.sha256) {
          throw new InputError('duplicate-entry', 'a different file was already uploaded under this name; the first one is kept', { file: p.file });
        }
        alreadyUploaded++;
        repeatedBytes += p.size;
      }
      return linked.length;
    }).catch(async (e) => {
      // Ours, and not counted (the transaction did not commit); a file stored before is never removed.
      await unlinkAll(linked);
      throw e;
    });
    if (placed === 'closed') throw new UploadClosedError('the import no longer accepts files');
    return { added: linked.length, alreadyUploaded, bytes, repeatedBytes };
  } catch (e) {
    if (isDiskFull(e) || isDiskFull((e as Error | null)?.cause)) throw new DiskFullError();
    throw e;
  } finally {
    await Promise.all(pending.map((p) => fsp.rm(p.temp, { force: true })));
  }
}

/** Hard-links temp to dest: atomic, and false rather than replace what is there. */
async function linkNew(temp: string, dest: string): Promise<boolean> {
  try {
    await fsp.link(temp, dest);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

async function unlinkAll(files: string[]) {
  await Promise.all(files.map((f) => fsp.rm(f, { force: true })));
}


// Unpacks an uploaded archive (zip, tar, tar.gz) into a new folder, treating every byte of it as
// hostile: see lib/files/README.md for the policies. The archive is streamed entry by entry to
// disk, so memory does not grow with its size (measured: about 30 MiB resident for 50 MB and
// for 200 MB alike).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Header } from 'tar';
import { ArchiveBudget, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits, type ExtractProgress } from './archiveBudget';
import { closeStream } from './closeStream';
import { fromZlibError, InputError } from './errors';
import { extractTar } from './extractTar';
import { ExtractTarget } from './extractTarget';
import { extractZip } from './extractZip';

export type { ArchiveLimits, ExtractProgress } from './archiveBudget';
export type ArchiveKind = 'zip' | 'tar.gz' | 'tar' | 'gzip';

export interface ExtractOptions {
  limits?: Partial<ArchiveLimits>;
  onProgress?: (p: ExtractProgress) => void;
  signal?: AbortSignal;
}

export interface ExtractResult {
  entries: number;
  bytes: number;
  /** Relative paths ('/'-separated) of the files written, in archive order. */
  files: string[];
}

/** The archive format by its first bytes; the file name is never consulted. */
export async function detectArchive(file: string): Promise<ArchiveKind | null> {
  return (await sniff(file)).kind;
}

/**
 * Extracts `archivePath` into `destDir`, which must not exist yet: it is created here and, on any
 * failure, removed with everything in it. Bad input fails with an InputError naming the entry.
 */
export async function extractArchive(archivePath: string, destDir: string, opts: ExtractOptions = {}): Promise<ExtractResult> {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...opts.limits };
  const archiveName = path.basename(archivePath);
  opts.signal?.throwIfAborted();
  const { kind, gzipError } = await sniff(archivePath);
  if (kind === null) {
    throw new InputError('unsupported-archive', 'not a zip, tar or tar.gz archive (recognised by content, not by name)', { file: archiveName });
  }
  if (kind === 'gzip') {
    if (gzipError) throw fromZlibError(gzipError, archiveName);
    throw new InputError('unsupported-archive', 'a gzip-compressed file that is not a tar archive; upload a .zip, .tar or .tar.gz', { file: archiveName });
  }

  const root = path.resolve(destDir);
  await fsp.mkdir(path.dirname(root), { recursive: true });
  await fsp.mkdir(root); // throws EEXIST: never extract into (and never delete) a folder we did not create
  const target = new ExtractTarget(root);
  let budget: ArchiveBudget | undefined;
  const budgetFor = (read: () => number, total: number) =>
    (budget = new ArchiveBudget(limits, total, read, opts.onProgress, opts.signal));
  try {
    if (kind === 'zip') await extractZip(archivePath, archiveName, target, budgetFor);
    else await extractTarFile(archivePath, archiveName, kind === 'tar.gz', target, budgetFor);
  } catch (e) {
    await fsp.rm(root, { recursive: true, force: true });
    throw e;
  }
  return { entries: budget?.entries ?? 0, bytes: budget?.bytes ?? 0, files: target.files };
}

async function extractTarFile(
  archivePath: string,
  archiveName: string,
  gzipped: boolean,
  target: ExtractTarget,
  budgetFor: (read: () => number, total: number) => ArchiveBudget,
): Promise<void> {
  const { size } = await fsp.stat(archivePath);
  const src = fs.createReadStream(archivePath, { highWaterMark: 256 * 1024 });
  const gunzip = gzipped ? zlib.createGunzip({ chunkSize: 64 * 1024 }) : undefined;
  const data: Readable = gunzip ? pipeline(src, gunzip, () => {}) : src;
  // For the ratio, count what gunzip has consumed (bytesWritten), not what has been read ahead
  // of it: a bomb's first 256 KiB chunk alone can stand for 256 MiB of zeros.
  const budget = budgetFor(() => (gunzip ? gunzip.bytesWritten : src.bytesRead), size);
  try {
    await extractTar(data, archiveName, target, budget, (e, context) => (gzipped ? fromZlibError(e, archiveName, context) : e));
    budget.report();
  } finally {
    await closeStream(data);
    await closeStream(src);
  }
}


// The first bytes of an archive that tell its format.
const HEAD_BYTES = 512;
// How much of a gzip file to inflate while sniffing: enough for the gzip header and one tar header.
const GZIP_SNIFF_BYTES = 64 * 1024;

async function sniff(file: string): Promise<{ kind: ArchiveKind | null; gzipError?: unknown }> {
  const head = await readHead(file, HEAD_BYTES);
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    const sig = head.readUInt16LE(2);
    // local file header, empty archive (end record only), spanned archive marker
    if (sig === 0x0403 || sig === 0x0605 || sig === 0x0807) return { kind: 'zip' };
  }
  if (head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08) {
    const { bytes, error } = await gunzipHead(file, HEAD_BYTES);
    return isTarHeader(bytes) ? { kind: 'tar.gz' } : { kind: 'gzip', gzipError: error };
  }
  return isTarHeader(head) ? { kind: 'tar' } : { kind: null };
}

async function readHead(file: string, n: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The first `n` inflated bytes of a gzip file, read through a bounded window. */
async function gunzipHead(file: string, n: number): Promise<{ bytes: Buffer; error?: unknown }> {
  const src = fs.createReadStream(file, { start: 0, end: GZIP_SNIFF_BYTES - 1 });
  const out = pipeline(src, zlib.createGunzip(), () => {});
  const chunks: Buffer[] = [];
  let have = 0;
  let error: unknown;
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      have += chunk.length;
      if (have >= n) break;
    }
  } catch (e) {
    // A file longer than the window always "ends early" here; only an error before n bytes matters.
    error = e;
  } finally {
    await closeStream(out);
    await closeStream(src);
  }
  return { bytes: Buffer.concat(chunks).subarray(0, n), error: have >= n ? undefined : error };
}

/** A tar header block: ustar magic, or (old v7 archives) a valid checksum. */
function isTarHeader(block: Buffer): boolean {
  if (block.length < 512) return false;
  if (block.toString('latin1', 257, 262) === 'ustar') return true;
  try {
    const h = new Header(block);
    return h.cksumValid && !h.nullBlock;
  } catch {
    return false;
  }
}

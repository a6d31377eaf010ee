// Extracts a zip through ExtractTarget, entry by entry from the central directory (yauzl never
// trusts local headers). File data is read raw and inflated here, so the compressed bytes
// consumed are known exactly: the ratio limit then sees a bomb within its first megabytes, and
// entries that share their data (overlapping-entry bombs) cannot hide behind each other.
import { once } from 'node:events';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ArchiveBudget } from './archiveBudget';
import { InputError } from './errors';
import { safeEntryPath } from './entryPath';
import type { ExtractTarget } from './extractTarget';

const CLOSE_TIMEOUT_MS = 10_000;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
// zlib.crc32 arrived in Node 20.15; on an older Node the CRC check is skipped (sizes still are checked).
const crc32: ((data: Buffer, value?: number) => number) | undefined = typeof zlib.crc32 === 'function' ? zlib.crc32 : undefined;

export async function extractZip(
  archivePath: string,
  archiveName: string,
  target: ExtractTarget,
  makeBudget: (compressedRead: () => number, totalCompressed: number) => ArchiveBudget,
): Promise<void> {
  const zip = await openZip(archivePath, archiveName);
  let rawDone = 0; // compressed bytes of the entries already extracted
  let rawCurrent = () => 0; // compressed bytes of the current entry consumed so far
  // Overlapping entries can make the sum of entry sizes exceed the file: never divide by more than the file.
  const budget = makeBudget(() => Math.min(rawDone + rawCurrent(), zip.fileSize), zip.fileSize);
  try {
    // The count in the end record can only make us refuse early; entries are counted as read.
    if (zip.entryCount > budget.limits.maxEntries) {
      throw new InputError('too-many-entries', `archive has ${zip.entryCount} entries, more than ${budget.limits.maxEntries}`, { file: archiveName });
    }
    for (let entry = await nextEntry(zip, archiveName); entry; entry = await nextEntry(zip, archiveName)) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      const isDir = kindOf(entry, name) === 'dir';
      budget.startEntry(name, isDir ? 0 : entry.uncompressedSize);
      const rel = safeEntryPath(name);
      if (isDir) {
        await target.mkdir(rel, name);
      } else {
        if (entry.isEncrypted()) throw new InputError('encrypted', 'encrypted zip entries are not accepted', { file: name });
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
          throw new InputError('unsupported-entry', `unsupported zip compression method ${entry.compressionMethod} (only stored and deflate)`, { file: name });
        }
        const data = entryData(() => openRaw(zip, entry, name), entry, name, (consumed) => (rawCurrent = consumed));
        await target.writeFile(rel, name, data, (n) => budget.add(name, n));
        rawDone += entry.compressedSize;
        rawCurrent = () => 0;
      }
      budget.endEntry();
    }
    budget.report();
  } finally {
    await closeZip(zip);
  }
}

function kindOf(entry: Entry, name: string): 'dir' | 'file' {
  // Unix tools keep st_mode in the high half of the external attributes.
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) {
    // Policy: no links at all, even ones pointing inside (see extractTar.ts).
    throw new InputError('symlink', 'archive contains a symbolic link; links are not accepted', { file: name });
  }
  if (type !== 0 && type !== S_IFDIR && type !== S_IFREG) {
    throw new InputError('special-file', 'archive contains a device, FIFO or socket entry; only files and folders are accepted', { file: name });
  }
  return type === S_IFDIR || name.endsWith('/') || name.endsWith('\\') ? 'dir' : 'file';
}

/**
 * The entry's bytes, inflated, checked against its declared size and CRC-32 as they stream.
 * The stream is opened on the first read, so an entry refused before its data is read holds no
 * reference on the zip file (yauzl closes the file only when every entry stream is gone).
 * `track` receives a counter of the compressed bytes consumed: inflate's bytesWritten counts
 * what it has actually decompressed, not what was read ahead of it.
 */
async function* entryData(
  open: () => Promise<Readable>,
  entry: Entry,
  name: string,
  track: (consumed: () => number) => void,
): AsyncGenerator<Buffer> {
  const raw = await open();
  let size = 0;
  let crc = 0;
  let out: Readable = raw;
  if (entry.compressionMethod === 8) {
    const inflate = zlib.createInflateRaw();
    out = pipeline(raw, inflate, () => {});
    track(() => inflate.bytesWritten);
  } else {
    track(() => size); // stored: every byte out was a byte in
  }
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize) throw corrupt(name, `entry data is longer than the ${entry.uncompressedSize} bytes its header declares`);
      if (crc32) crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw corrupt(name, `entry data cannot be read (${(e as Error).message})`, e);
  } finally {
    out.destroy();
    raw.destroy(); // at once, rather than when pipeline notices: this releases yauzl's hold on the file
  }
  if (size !== entry.uncompressedSize) throw corrupt(name, `entry data is ${size} bytes, its header declares ${entry.uncompressedSize}`);
  if (crc32 && crc >>> 0 !== entry.crc32 >>> 0) throw corrupt(name, 'entry data does not match its CRC-32 checksum');
}

function openZip(file: string, archiveName: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true };
    yauzl.open(file, options, (err, zip) => (err ? reject(zipError(err, archiveName)) : resolve(zip)));
  });
}

function nextEntry(zip: ZipFile, archiveName: string): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: Entry) => (settle(), resolve(e));
    const onEnd = () => (settle(), resolve(null));
    const onError = (e: Error) => (settle(), reject(zipError(e, archiveName)));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openRaw(zip: ZipFile, entry: Entry, name: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, stream) => (err ? reject(zipError(err, name)) : resolve(stream)));
  });
}

async function closeZip(zip: ZipFile): Promise<void> {
  if (!zip.isOpen) return;
  zip.on('error', () => {}); // an error closing the fd must not crash the process; it changes nothing for us
  const closed = once(zip, 'close');
  zip.close();
  // The fd closes once every entry stream has been destroyed, which entryData's finally ensures.
  // Should a stream ever escape that, a leaked descriptor is better than a job that never ends.
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS).unref()));
  await Promise.race([closed.catch(() => {}), giveUp]);
  clearTimeout(timer);
}

/** yauzl's own errors carry no `code`; fs errors (permissions, disk) do and pass through. */
function zipError(e: Error, file: string): unknown {
  if ((e as NodeJS.ErrnoException).code) return e;
  if (/end of central directory record signature not found/i.test(e.message)) {
    return new InputError('truncated', 'not a complete zip archive: its central directory is missing (the file is truncated or damaged)', { file, cause: e });
  }
  if (/encrypt/i.test(e.message)) return new InputError('encrypted', `encrypted zip archives are not accepted (${e.message})`, { file, cause: e });
  return corrupt(file, `corrupt zip archive (${e.message})`, e);
}

const corrupt = (file: string, detail: string, cause?: unknown) => new InputError('corrupt-archive', detail, { file, cause });

// Reads a tar stream block by block and extracts it through ExtractTarget. node-tar's Header and
// Pax decode the fields (octal and base-256 numbers, ustar prefixes, pax records); the framing is
// ours, one awaited step at a time, so backpressure, limits and errors stay in one plain loop
// instead of being spread over event handlers.
import { Header, Pax, type HeaderData } from 'tar';
import type { ArchiveBudget } from './archiveBudget';
import { InputError, printable } from './errors';
import { safeEntryPath } from './entryPath';
import type { ExtractTarget } from './extractTarget';
import { BlockReader } from './blockReader';

const BLOCK = 512;
// pax and GNU long-name records are held in memory; real ones are a few hundred bytes.
const MAX_META_BYTES = 1024 * 1024;
// After the end-of-archive marker only padding should follow. Reading it lets gunzip reach its
// CRC check; a large tail is not ours to decompress.
const MAX_TAIL_BYTES = 1024 * 1024;

export async function extractTar(
  input: AsyncIterable<Buffer>,
  archiveName: string,
  target: ExtractTarget,
  budget: ArchiveBudget,
  mapSourceError: (e: unknown, context: string) => unknown,
): Promise<void> {
  let last = ''; // the entry being read, for "truncated while reading X"
  const context = () => (last ? `while reading "${printable(last)}"` : 'at the start of the archive');
  const after = () => (last ? `after "${printable(last)}"` : 'at the start of the archive');
  const reader = new BlockReader(
    input,
    () => new InputError('truncated', `archive ends unexpectedly ${context()}: the file is truncated`, { file: archiveName }),
    (e) => mapSourceError(e, context()),
  );
  let ex: HeaderData | undefined; // pax / GNU overrides for the next entry
  let gex: HeaderData | undefined; // pax global overrides

  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new InputError('truncated', `archive ends without its end-of-archive marker ${after()}`, { file: archiveName });
    let h: Header;
    try {
      h = new Header(block, 0, ex, gex);
    } catch (e) {
      throw corrupt(archiveName, `unreadable tar header ${after()}`, e);
    }
    if (h.nullBlock) break;
    if (!h.cksumValid) throw corrupt(archiveName, `invalid tar header (checksum mismatch) ${after()}`);
    const size = h.size;
    if (size === undefined || !Number.isSafeInteger(size)) throw corrupt(archiveName, `tar header with an invalid size ${after()}`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const type = h.type;

    if (isMeta(type)) {
      if (size > MAX_META_BYTES) throw corrupt(archiveName, `extended header of ${size} bytes ${after()}`);
      const text = (await reader.readAll(size)).toString('utf8');
      await reader.skip(padding);
      if (type === 'GlobalExtendedHeader') gex = Pax.parse(text, gex, true);
      else if (type === 'ExtendedHeader' || type === 'OldExtendedHeader') ex = Pax.parse(text, ex);
      else if (type === 'NextFileHasLongLinkpath') ex = { ...ex, linkpath: text.replace(/\0[\s\S]*$/, '') };
      else ex = { ...ex, path: text.replace(/\0[\s\S]*$/, '') };
      continue;
    }
    // Header prepends the ustar prefix even to a pax path, and lets the block's linkname win over
    // a pax linkpath; node-tar's ReadEntry re-applies the pax record, and so do we.
    const name = ex?.path ?? h.path ?? '';
    const linkpath = ex?.linkpath ?? h.linkpath ?? '';
    ex = undefined;
    last = name;

    if (type === 'TapeVolumeHeader') {
      await reader.skip(size + padding); // a volume label, not a file
      continue;
    }
    budget.startEntry(name, type === 'Directory' ? 0 : size);
    if (type === 'Link' || type === 'SymbolicLink') {
      // Policy: no links at all, even ones pointing inside. A link would let a later entry (or
      // an importer following it) reach outside the folder, and run archives do not need them.
      throw new InputError('symlink', `archive contains a ${type === 'Link' ? 'hard' : 'symbolic'} link (to "${printable(linkpath)}"); links are not accepted`, { file: name });
    }
    if (type === 'CharacterDevice' || type === 'BlockDevice' || type === 'FIFO') {
      throw new InputError('special-file', `archive contains a device or FIFO entry (${type}); only files and folders are accepted`, { file: name });
    }
    const rel = safeEntryPath(name);
    const isFile = type === 'File' || type === 'OldFile' || type === 'ContiguousFile';
    if (type === 'Directory' || type === 'GNUDumpDir' || (isFile && name.endsWith('/'))) {
      await target.mkdir(rel, name);
      await reader.skip(size + padding); // a GNU dump directory carries a listing; not needed
    } else if (isFile) {
      await target.writeFile(rel, name, reader.take(size), (n) => budget.add(name, n));
      await reader.skip(padding);
    } else {
      throw new InputError('unsupported-entry', `unsupported tar entry type ${type}`, { file: name });
    }
    budget.endEntry();
  }
  await reader.drain(MAX_TAIL_BYTES);
}

function isMeta(type: string): boolean {
  return (
    type === 'ExtendedHeader' ||
    type === 'OldExtendedHeader' ||
    type === 'GlobalExtendedHeader' ||
    type === 'NextFileHasLongPath' ||
    type === 'OldGnuLongPath' ||
    type === 'NextFileHasLongLinkpath'
  );
}

const corrupt = (file: string, detail: string, cause?: unknown) => new InputError('corrupt-archive', detail, { file, cause });

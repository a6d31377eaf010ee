// A file whose NAME says archive but whose first bytes say otherwise (a renamed text file, an
// HTML error page saved as run.zip, a truncated download). The format is decided by content
// (extractArchive's sniffer); this only turns "not an archive" into a message that says so at
// once, instead of handing the file to the layout detectors as if it were a run folder.
import fsp from 'node:fs/promises';
import { InputError } from './errors';

const CLAIMS: [RegExp, string][] = [
  [/\.zip$/i, 'zip'],
  [/\.(tar\.gz|tgz)$/i, 'tar.gz'],
  [/\.tar$/i, 'tar'],
  [/\.gz$/i, 'gzip'],
];

/** The archive format a file name claims, or null. */
export function claimedArchiveFormat(name: string): string | null {
  return CLAIMS.find(([re]) => re.test(name))?.[1] ?? null;
}

/** The first bytes, for a person: quoted text when printable ASCII, else hex. */
export function describeHead(head: Uint8Array): string {
  if (!head.length) return 'nothing: the file is empty';
  const printable = head.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d);
  if (printable) return JSON.stringify(Buffer.from(head).toString('latin1'));
  return `the bytes ${Array.from(head, (b) => b.toString(16).padStart(2, '0')).join(' ')}`;
}

/** InputError "junk.zip is not a zip archive (it starts with …)"; `name` is what the user calls the file. */
export async function notAnArchiveError(file: string, name: string, format: string): Promise<InputError> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return new InputError('unsupported-archive', `${name} is not a ${format} archive (it starts with ${describeHead(buf.subarray(0, bytesRead))})`);
  } finally {
    await fh.close();
  }
}

// Bounded text reads for the ShinkaEvolve importer. Code and LLM answers must be exact, so
// they are decoded strictly (bad UTF-8 fails naming the file); logs are evidence for a person
// to read, often cut mid-character by the evaluator itself, so they are decoded leniently and
// only their head and tail are kept when they are long.
import fs from 'node:fs/promises';
import { formatBytes, InputError } from '../files/errors';
import { decodeUtf8Strict } from '../files/utf8';

/** Largest code, answer or diff file read (a program larger than this is not a program). */
export const MAX_TEXT_BYTES = 16 * 1024 ** 2;
/** Logs longer than this keep their first and last half of it, with a note in between. */
export const MAX_LOG_BYTES = 64 * 1024;

const lenient = new TextDecoder('utf-8');

export const isDir = async (p: string) => (await fs.stat(p).catch(() => null))?.isDirectory() ?? false;
export const isFile = async (p: string) => (await fs.stat(p).catch(() => null))?.isFile() ?? false;

/** Names in `dir`, or [] when it is not a directory. */
export async function listDir(dir: string): Promise<{ name: string; isDir: boolean; isFile: boolean }[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.map((e) => ({ name: e.name, isDir: e.isDirectory(), isFile: e.isFile() }));
}

/** A whole text file, strict UTF-8, refused above `maxBytes`. */
export async function readTextStrict(abs: string, rel: string, maxBytes = MAX_TEXT_BYTES): Promise<string> {
  const fh = await fs.open(abs, 'r');
  try {
    const { size } = await fh.stat();
    if (size > maxBytes) {
      throw new InputError('value-too-large', `file is ${formatBytes(size)}, above the ${formatBytes(maxBytes)} limit for a text file`, { file: rel });
    }
    return decodeUtf8Strict(await fh.readFile(), rel);
  } finally {
    await fh.close();
  }
}

export interface LogExcerpt {
  /** Path relative to the import root. */
  file: string;
  bytes: number;
  truncated: boolean;
  text: string;
}

/** A log file, whole when short, else its head and tail around a note saying what was cut. */
export async function readLogExcerpt(abs: string, rel: string, maxBytes = MAX_LOG_BYTES): Promise<LogExcerpt> {
  const fh = await fs.open(abs, 'r');
  try {
    const { size } = await fh.stat();
    if (size <= maxBytes) return { file: rel, bytes: size, truncated: false, text: lenient.decode(await fh.readFile()) };
    const half = Math.floor(maxBytes / 2);
    const head = Buffer.alloc(half);
    const tail = Buffer.alloc(half);
    await fh.read(head, 0, half, 0);
    await fh.read(tail, 0, half, size - half);
    const note = `\n[... evoscope: ${formatBytes(size - 2 * half)} omitted from ${rel} (${formatBytes(size)} in total) ...]\n`;
    return { file: rel, bytes: size, truncated: true, text: lenient.decode(head) + note + lenient.decode(tail) };
  } finally {
    await fh.close();
  }
}

/** Line endings are the only difference two copies of one program may show. */
export const normaliseEol = (s: string) => s.replace(/\r\n?/g, '\n');

// File access shared by the funsearch, llamea, eoh and jsonl importers: every JSON read goes
// through lib/files (bounded size, strict UTF-8, errors naming file and line) and accepts
// Python's bare NaN / Infinity, which json.dump writes for failed scores. lib/files throws
// InputError; importers report ImportError (what the CLI and the import job catch), so the
// error is re-raised as one with the same file, line and text.
import fs from 'node:fs';
import path from 'node:path';
import { isInputError } from '../files/errors';
import { readJsonValue } from '../files/readJson';
import { readJsonLines } from '../files/readJsonLines';
import { ImportError } from '../trace/schema';
import { parsePythonJson } from './pythonJson';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** stat, or null when there is nothing usable there: missing, or a path through a file (ENOTDIR,
 * as when detection probes `upload.zip/checkpoints` on a file). */
export function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}
export const isDir = (p: string) => statOrNull(p)?.isDirectory() ?? false;
export const isFile = (p: string) => statOrNull(p)?.isFile() ?? false;
export const str = (v: unknown) => (typeof v === 'string' ? v : null);
export const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** An InputError from lib/files as the ImportError importers throw; anything else unchanged. */
export function asImportError(e: unknown): unknown {
  if (!isInputError(e)) return e;
  const err = new ImportError(e.detail, e.file, e.line);
  (err as Error & { cause?: unknown }).cause = e;
  return err;
}

/** '/'-separated path of `abs` relative to `base`, for messages. */
export function relName(base: string, abs: string): string {
  return path.relative(base, abs).split(path.sep).join('/') || path.basename(abs);
}

/** Any JSON value from a file (Python's NaN / Infinity accepted). */
export async function readJson(abs: string, rel: string): Promise<unknown> {
  try {
    return await readJsonValue(abs, rel, { parse: parsePythonJson });
  } catch (e) {
    throw asImportError(e);
  }
}

/** Each non-blank line's JSON value with its 1-based line number (blank lines are skipped). */
export async function* readLines(abs: string, rel: string): AsyncGenerator<{ line: number; value: unknown }> {
  try {
    yield* readJsonLines(abs, rel, { parse: parsePythonJson });
  } catch (e) {
    throw asImportError(e);
  }
}

/** The first `bytes` bytes of a file as text (for detection; never throws). */
export function readHead(file: string, bytes = 64 * 1024): string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(bytes);
    const n = fs.readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Entries of a directory sorted by name, without following links (Dirent types come from lstat). */
export function listDir(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The most frequent non-null value, or null. */
export function mostCommon(values: Iterable<string | null | undefined>): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

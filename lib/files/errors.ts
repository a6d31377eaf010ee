// The one error type for "the uploaded input is wrong". Importers, the upload pipeline and the
// worker tell it apart from everything else: an InputError is permanent (the same bytes fail the
// same way, so a job must not retry it) and its message is meant for the person who uploaded the
// file, so it always says where (file, line) and what.

export type InputErrorCode =
  // archive entries
  | 'zip-slip' // the entry path leads outside the extraction folder
  | 'absolute-path'
  | 'invalid-path' // NUL byte, empty name, over-long name
  | 'symlink' // any symbolic or hard link
  | 'special-file' // device, FIFO, socket
  | 'encrypted'
  | 'unsupported-entry' // compression method, sparse file, unknown entry type
  | 'duplicate-entry' // the same file twice: which copy wins would be a guess
  | 'path-conflict' // a file where a directory is needed, or the other way round
  // archive budget
  | 'too-many-entries'
  | 'too-large'
  | 'compression-ratio'
  // archive framing
  | 'truncated'
  | 'corrupt-archive'
  | 'unsupported-archive'
  // text and JSON
  | 'invalid-utf8'
  | 'json-syntax'
  | 'json-not-object'
  | 'json-too-deep' // nesting past MAX_JSON_NESTING: later recursive code would overflow the stack
  | 'value-too-large'
  | 'line-too-long';

export interface InputErrorWhere {
  /** Path relative to the archive or import root (an archive entry's name as stored). */
  file?: string;
  /** 1-based line number, for text files. */
  line?: number;
  cause?: unknown;
}

export class InputError extends Error {
  readonly code: InputErrorCode;
  readonly file?: string;
  readonly line?: number;
  /** What is wrong, without the location prefix. */
  readonly detail: string;

  constructor(code: InputErrorCode, detail: string, where: InputErrorWhere = {}) {
    super(formatMessage(detail, where.file, where.line), where.cause === undefined ? undefined : { cause: where.cause });
    this.name = 'InputError';
    this.code = code;
    this.file = where.file;
    this.line = where.line;
    this.detail = detail;
  }
}

export const isInputError = (e: unknown): e is InputError => e instanceof InputError;

function formatMessage(detail: string, file?: string, line?: number): string {
  if (file === undefined) return detail;
  return `${printable(file)}${line === undefined ? '' : `:${line}`}: ${detail}`;
}

/**
 * A name from an untrusted archive, safe to put in a log line or a terminal: control characters
 * (newlines, ANSI escapes) are shown as \xNN instead of being interpreted, and very long names
 * are shortened in the middle.
 */
export function printable(name: string, max = 300): string {
  const escaped = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  if (escaped.length <= max) return escaped;
  const half = Math.floor((max - 1) / 2);
  return `${escaped.slice(0, half)}…${escaped.slice(escaped.length - half)}`;
}

/** Human-readable byte count for messages ("2.0 GiB"). */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v.toFixed(1)} ${units[u]}`;
}

/**
 * An error from a zlib stream (gunzip, inflate) as an InputError about `file`: a stream that
 * stops early is 'truncated', anything else zlib rejects is 'corrupt-archive'. Other errors (the
 * disk, an abort) are returned unchanged.
 */
export function fromZlibError(e: unknown, file: string, context = ''): unknown {
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code !== 'string' || !err.code.startsWith('Z_')) return e;
  const where = context ? ` ${context}` : '';
  if (err.code === 'Z_BUF_ERROR') {
    return new InputError('truncated', `compressed data ends unexpectedly${where}: the file is truncated`, { file, cause: e });
  }
  return new InputError('corrupt-archive', `compressed data is corrupt${where} (${err.message})`, { file, cause: e });
}

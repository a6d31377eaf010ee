// Reading one untrusted JSON file: bounded in size before a byte is read, strict about its
// encoding, and failing with the file name and line so the uploader knows what to fix.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import { formatBytes, InputError, printable } from './errors';
import { decodeUtf8Strict } from './utf8';
import { JsonTooDeepError, MAX_JSON_NESTING, nestedDeeperThan } from './jsonDepth';

export { MAX_JSON_NESTING } from './jsonDepth';

export const DEFAULT_MAX_JSON_BYTES = 256 * 1024 ** 2;

/** The size cap for one JSON file: EVOSCOPE_MAX_JSON_BYTES, or 256 MiB. */
export function maxJsonBytes(): number {
  const v = Number(process.env.EVOSCOPE_MAX_JSON_BYTES);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_MAX_JSON_BYTES;
}

export interface ReadJsonOptions {
  /** Largest file accepted; checked with stat before reading. Default 256 MiB. */
  maxBytes?: number;
  /** The parser, e.g. parsePythonJson for files that contain NaN / Infinity. Default JSON.parse. */
  parse?: (text: string) => unknown;
}

/** Any JSON value (for files that hold a list). */
export async function readJsonValue(absPath: string, relName: string, opts: ReadJsonOptions = {}): Promise<unknown> {
  const maxBytes = opts.maxBytes ?? maxJsonBytes();
  const bytes = readSmallSync(absPath, Math.min(maxBytes, SMALL_FILE)) ?? (await readBounded(absPath, relName, maxBytes));
  const text = decodeUtf8Strict(bytes, relName);
  return parseJsonText(text, relName, opts.parse);
}

/** Files up to this size are read synchronously: one system call instead of four thread-pool
 *  round trips, which is what made importing 100k small program files slow. Only importers
 *  (worker, CLI) read JSON files, never a request handler, so a short block is harmless. */
const SMALL_FILE = 1 << 20;

function readSmallSync(absPath: string, limit: number): Buffer | null {
  const fd = fsSync.openSync(absPath, 'r');
  try {
    const { size } = fsSync.fstatSync(fd);
    if (size > limit) return null;
    const buf = Buffer.allocUnsafe(size + 1); // one spare byte detects a file that grew
    let n = 0;
    for (let r; n < buf.length && (r = fsSync.readSync(fd, buf, n, buf.length - n, null)) > 0; ) n += r;
    return n > size ? null : buf.subarray(0, n);
  } finally {
    fsSync.closeSync(fd);
  }
}

async function readBounded(absPath: string, relName: string, maxBytes: number): Promise<Buffer> {
  const fh = await fs.open(absPath, 'r');
  let bytes: Buffer;
  try {
    const { size } = await fh.stat();
    if (size > maxBytes) throw tooLarge(relName, size, maxBytes);
    bytes = await fh.readFile();
    // The file may have grown between stat and read.
    if (bytes.length > maxBytes) throw tooLarge(relName, bytes.length, maxBytes);
  } finally {
    await fh.close();
  }
  return bytes;
}

/** A JSON object (the common case: a config, a program record, a metrics file). */
export async function readJsonObject(absPath: string, relName: string, opts: ReadJsonOptions = {}): Promise<Record<string, unknown>> {
  const value = await readJsonValue(absPath, relName, opts);
  if (!isPlainObject(value)) {
    throw new InputError('json-not-object', `expected a JSON object, found ${describeJson(value)}`, { file: relName });
  }
  return value;
}

/**
 * Parses `text` as JSON or throws InputError 'json-syntax' naming `file` and, where the parser's
 * message gives a position, the line (offset by `firstLine` for one line of a larger file).
 */
export function parseJsonText(text: string, file: string, parse: (text: string) => unknown = JSON.parse, firstLine = 1): unknown {
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    // A reviver (parsePythonJson) recurses and overflows on deep input before we can look.
    if (e instanceof RangeError || e instanceof JsonTooDeepError) throw tooDeep(text, file, firstLine, e);
    if (!(e instanceof SyntaxError)) throw e;
    const { line, column } = locate(text, e.message);
    const where = column === undefined ? '' : ` (column ${column})`;
    // V8 quotes the offending text in its message; keep it, but printable and short.
    throw new InputError('json-syntax', `invalid JSON: ${printable(e.message, 200)}${where}`, {
      file,
      line: line === undefined ? undefined : firstLine + line - 1,
      cause: e,
    });
  }
  if (nestedDeeperThan(value, MAX_JSON_NESTING)) throw tooDeep(text, file, firstLine);
  return value;
}

/** The InputError for text nested past MAX_JSON_NESTING, at the line where it goes too deep. */
function tooDeep(text: string, file: string, firstLine: number, cause?: unknown): InputError {
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) i++;
        else if (text.charCodeAt(i) === 0x0a) line++;
      }
    } else if (c === 0x0a) line++;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_NESTING) break;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return new InputError('json-too-deep', `JSON nested more than ${MAX_JSON_NESTING} levels deep`, { file, line: firstLine + line - 1, cause });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function describeJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`; // a string, a number, a boolean
}

/** Line (1-based) and column of a JSON.parse error, from "position N" or "end of JSON input". */
function locate(text: string, message: string): { line?: number; column?: number } {
  // Anchored at the end: the middle of a V8 message may quote the file's own text.
  const pos = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  const offset = pos ? Math.min(Number(pos[1]), text.length) : /^Unexpected end of JSON input$/.test(message) ? text.trimEnd().length : undefined;
  if (offset === undefined) return {};
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function tooLarge(file: string, size: number, max: number): InputError {
  return new InputError('value-too-large', `file is ${formatBytes(size)}, above the ${formatBytes(max)} limit for a JSON file`, { file });
}

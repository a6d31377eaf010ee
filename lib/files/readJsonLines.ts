// Streaming a JSON Lines file (.jsonl, or gzip-compressed .jsonl.gz, told apart by content) one
// record at a time. Lines are split on bytes, not with readline: readline would buffer a
// multi-gigabyte "line" (a file with no newline at all) before we could refuse it.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { closeStream } from './closeStream';
import { formatBytes, fromZlibError, InputError } from './errors';
import { parseJsonText } from './readJson';
import { decodeUtf8Strict } from './utf8';

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 ** 2;

export interface ReadJsonLinesOptions {
  /** Longest line accepted, in bytes. Default 64 MiB. */
  maxLineBytes?: number;
  /** The parser, e.g. parsePythonJson. Default JSON.parse. */
  parse?: (text: string) => unknown;
}

const LF = 0x0a;
const CR = 0x0d;
const SKIP = Symbol('blank line');

/**
 * Yields each non-blank line's JSON value with its 1-based line number. Errors (InputError
 * 'json-syntax', 'invalid-utf8', 'line-too-long', 'truncated') name the file and the line.
 * Breaking out of the loop closes the file.
 */
export async function* readJsonLines(
  absPath: string,
  relName: string,
  opts: ReadJsonLinesOptions = {},
): AsyncGenerator<{ line: number; value: unknown }> {
  const maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const gzipped = await startsWithGzipMagic(absPath);
  const src = fs.createReadStream(absPath, { highWaterMark: 1024 * 1024 });
  const input: Readable = gzipped ? pipeline(src, zlib.createGunzip({ chunkSize: 256 * 1024 }), () => {}) : src;
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let lineNo = 0; // lines completed so far
  let parts: Buffer[] = []; // the pieces of the line being assembled
  let partBytes = 0;

  const tooLong = () =>
    new InputError('line-too-long', `line is longer than the ${formatBytes(maxLineBytes)} limit for one JSON Lines record`, {
      file: relName,
      line: lineNo + 1,
    });

  const finishLine = (last: Buffer): unknown => {
    lineNo++;
    let bytes = parts.length === 0 ? last : Buffer.concat([...parts, last]);
    parts = [];
    partBytes = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1); // CRLF files
    const text = decodeUtf8Strict(bytes, relName, lineNo);
    if (text.trim() === '') return SKIP;
    return parseJsonText(text, relName, opts.parse, lineNo);
  };

  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (e) {
        throw fromZlibError(e, relName, `after line ${lineNo}`);
      }
      if (next.done) break;
      const chunk = next.value;
      let start = 0;
      for (let nl = chunk.indexOf(LF); nl !== -1; nl = chunk.indexOf(LF, start)) {
        if (partBytes + nl - start > maxLineBytes) throw tooLong();
        const value = finishLine(chunk.subarray(start, nl));
        if (value !== SKIP) yield { line: lineNo, value };
        start = nl + 1;
      }
      if (start < chunk.length) {
        partBytes += chunk.length - start;
        if (partBytes > maxLineBytes) throw tooLong();
        parts.push(chunk.subarray(start));
      }
    }
    if (partBytes > 0) {
      // A last line without a final newline.
      const value = finishLine(Buffer.alloc(0));
      if (value !== SKIP) yield { line: lineNo, value };
    }
  } finally {
    await closeStream(input);
    if (input !== src) await closeStream(src);
  }
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await fh.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

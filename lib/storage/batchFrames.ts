// Reads a batch body (format: batchFrame.ts) as it streams in: one entry at a time, each checked
// before it is yielded (header schema, size, SHA-256 when given), so memory stays at one entry
// (MAX_BATCH_ENTRY_BYTES) whatever the batch holds. Every failure is an InputError naming the
// entry; a body cut anywhere, before the end mark included, is 'truncated'.
import crypto from 'node:crypto';
import { InputError } from '../files/errors';
import { BATCH_MAGIC, MAX_HEADER_BYTES, batchHeaderSchema, type BatchHeader } from '../contracts/batchFrame';

export interface BatchEntry extends BatchHeader {
  data: Buffer;
  /** SHA-256 of `data`, computed here (equal to the header's when it gave one). */
  sha256: string;
}

/** Exact reads over a stream of chunks. */
class ChunkReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly it: AsyncIterator<Uint8Array>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const r = await this.it.next();
      if (r.done) this.done = true;
      else {
        const b = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
        this.chunks.push(b);
        this.length += b.length;
      }
    }
    return this.length >= n;
  }

  /** Exactly n bytes, or null when the stream ends first. */
  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null;
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }
}

const truncated = (file?: string) => new InputError('truncated', 'the upload batch ended early (the request was cut)', { file });

export async function* readBatchFrames(source: AsyncIterable<Uint8Array>): AsyncGenerator<BatchEntry> {
  const r = new ChunkReader(source[Symbol.asyncIterator]());
  const magic = await r.read(BATCH_MAGIC.length);
  if (!magic || magic.toString('latin1') !== BATCH_MAGIC) {
    throw new InputError('corrupt-archive', `the body is not an upload batch (it does not start with ${JSON.stringify(BATCH_MAGIC)})`);
  }
  let previous: string | undefined;
  for (;;) {
    const len = await r.read(4);
    if (!len) throw truncated(previous);
    const n = len.readUInt32BE(0);
    if (n === 0) break;
    if (n > MAX_HEADER_BYTES) {
      throw new InputError('corrupt-archive', `an entry header of ${n} bytes (at most ${MAX_HEADER_BYTES}): the previous entry's size is wrong`, { file: previous });
    }
    const raw = await r.read(n);
    if (!raw) throw truncated(previous);
    const header = parseHeader(raw, previous);
    const data = await r.read(header.size);
    if (!data) throw truncated(header.path);
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    if (header.sha256 !== undefined && header.sha256 !== sha256) {
      throw new InputError('corrupt-archive', 'the bytes received do not match the SHA-256 the browser sent (a wrong size or a corrupted send)', { file: header.path });
    }
    previous = header.path;
    yield { ...header, data, sha256 };
  }
  if (!(await r.atEnd())) throw new InputError('corrupt-archive', 'bytes after the end of the upload batch');
}

function parseHeader(raw: Buffer, previous: string | undefined): BatchHeader {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new InputError('corrupt-archive', "an entry header is not UTF-8 JSON: the previous entry's size is wrong", { file: previous });
  }
  const parsed = batchHeaderSchema.safeParse(value);
  if (!parsed.success) {
    const file = typeof (value as { path?: unknown })?.path === 'string' ? (value as { path: string }).path : previous;
    throw new InputError('corrupt-archive', `invalid entry header (${parsed.error.issues.map((i) => `${i.path.join('.') || 'header'}: ${i.message}`).join('; ')})`, { file });
  }
  return parsed.data;
}

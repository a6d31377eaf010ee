// Exact-length reads over a stream of chunks, for formats framed by declared lengths (tar).
// Chunks are handed on as views, never collected: memory stays at about one source chunk
// whatever the size of the entry.

const EMPTY = Buffer.alloc(0);

export class BlockReader {
  private buf: Buffer = EMPTY;
  private readonly it: AsyncIterator<Buffer>;
  private ended = false;

  constructor(
    source: AsyncIterable<Buffer>,
    /** The error for input that ends in the middle of a read. */
    private readonly truncated: () => Error,
    /** Maps an error of the source (e.g. zlib) to the error to throw. */
    private readonly mapError: (e: unknown) => unknown = (e) => e,
  ) {
    this.it = source[Symbol.asyncIterator]();
  }

  /** Exactly `n` bytes, or null when the input ended cleanly before this read. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buf.length < n && (await this.pull()));
    if (this.buf.length === 0) return null;
    if (this.buf.length < n) throw this.truncated();
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** Exactly `n` bytes into one buffer; only for small, bounded records. */
  async readAll(n: number): Promise<Buffer> {
    if (n === 0) return EMPTY;
    const out = await this.read(n);
    if (!out) throw this.truncated();
    return Buffer.from(out);
  }

  /** The next `n` bytes as a sequence of chunks. */
  async *take(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buf.length === 0 && !(await this.pull())) throw this.truncated();
      const chunk = this.buf.subarray(0, Math.min(left, this.buf.length));
      this.buf = this.buf.subarray(chunk.length);
      left -= chunk.length;
      yield chunk;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.take(n));
  }

  /** Reads on to the end of the input, giving up quietly after `max` more bytes. */
  async drain(max: number): Promise<void> {
    let seen = this.buf.length;
    this.buf = EMPTY;
    while (seen <= max && (await this.pull())) {
      seen += this.buf.length;
      this.buf = EMPTY;
    }
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    let r: IteratorResult<Buffer>;
    try {
      r = await this.it.next();
    } catch (e) {
      throw this.mapError(e);
    }
    if (r.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length === 0 ? r.value : Buffer.concat([this.buf, r.value]);
    return true;
  }
}

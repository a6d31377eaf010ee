// What an untrusted archive may cost us, counted while the bytes stream by. Sizes in headers are
// only ever used to refuse early, never to accept: the count of bytes actually written is what
// the limits are checked against.
import { formatBytes, InputError } from './errors';

export interface ArchiveLimits {
  /** Entries of any kind, directories included. */
  maxEntries: number;
  /** Unpacked bytes of all files together. */
  maxTotalBytes: number;
  /** Unpacked bytes of one file. */
  maxEntryBytes: number;
  /** Unpacked bytes per compressed byte read, checked once ratioGraceBytes have been unpacked. */
  maxRatio: number;
  /** Small archives of very repetitive text legitimately exceed any ratio; do not judge them. */
  ratioGraceBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 10 * 1024 ** 3,
  maxEntryBytes: 2 * 1024 ** 3,
  maxRatio: 200,
  ratioGraceBytes: 10 * 1024 ** 2,
};

export interface ExtractProgress {
  entries: number;
  bytes: number;
  compressedBytesRead?: number;
  totalCompressedBytes?: number;
}

// Progress is for a progress bar: often enough to move, rarely enough to cost nothing.
const PROGRESS_EVERY_ENTRIES = 256;
const PROGRESS_EVERY_BYTES = 4 * 1024 ** 2;

export class ArchiveBudget {
  entries = 0;
  bytes = 0;
  private entryBytes = 0;
  private reported = { entries: 0, bytes: 0 };

  constructor(
    readonly limits: ArchiveLimits,
    private readonly totalCompressedBytes: number,
    /** Bytes of the archive consumed so far (the denominator of the ratio). */
    private readonly compressedRead: () => number,
    private readonly onProgress?: (p: ExtractProgress) => void,
    private readonly signal?: AbortSignal,
  ) {}

  /** Counts a new entry; `declaredSize` (from its header) lets a hopeless entry fail before any byte is read. */
  startEntry(name: string, declaredSize = 0): void {
    this.signal?.throwIfAborted();
    this.entries++;
    this.entryBytes = 0;
    const { maxEntries, maxEntryBytes, maxTotalBytes } = this.limits;
    if (this.entries > maxEntries) {
      throw new InputError('too-many-entries', `archive has more than ${maxEntries} entries`, { file: name });
    }
    if (declaredSize > maxEntryBytes) throw this.entryTooLarge(name, declaredSize);
    if (this.bytes + declaredSize > maxTotalBytes) throw this.totalTooLarge(name, this.bytes + declaredSize);
  }

  /** Counts `n` unpacked bytes of the current entry. */
  add(name: string, n: number): void {
    if (this.signal?.aborted) this.signal.throwIfAborted(); // a single huge entry must stop promptly too
    this.entryBytes += n;
    this.bytes += n;
    const { maxEntryBytes, maxTotalBytes, maxRatio, ratioGraceBytes } = this.limits;
    if (this.entryBytes > maxEntryBytes) throw this.entryTooLarge(name, this.entryBytes);
    if (this.bytes > maxTotalBytes) throw this.totalTooLarge(name, this.bytes);
    if (this.bytes > ratioGraceBytes) {
      const read = Math.max(1, this.compressedRead());
      const ratio = this.bytes / read;
      if (ratio > maxRatio) {
        throw new InputError(
          'compression-ratio',
          `archive expands more than ${maxRatio}:1 (${formatBytes(this.bytes)} unpacked from ` +
            `${formatBytes(read)}); refusing a likely archive bomb`,
          { file: name },
        );
      }
    }
    if (this.bytes - this.reported.bytes >= PROGRESS_EVERY_BYTES) this.report();
  }

  endEntry(): void {
    if (this.entries - this.reported.entries >= PROGRESS_EVERY_ENTRIES) this.report();
  }

  report(): void {
    this.reported = { entries: this.entries, bytes: this.bytes };
    this.onProgress?.({
      entries: this.entries,
      bytes: this.bytes,
      compressedBytesRead: this.compressedRead(),
      totalCompressedBytes: this.totalCompressedBytes,
    });
  }

  private entryTooLarge(name: string, size: number) {
    return new InputError(
      'too-large',
      `file is larger than the ${formatBytes(this.limits.maxEntryBytes)} limit for one file (at least ${formatBytes(size)})`,
      { file: name },
    );
  }

  private totalTooLarge(name: string, size: number) {
    return new InputError(
      'too-large',
      `archive unpacks to more than the ${formatBytes(this.limits.maxTotalBytes)} limit (at least ${formatBytes(size)} by this entry)`,
      { file: name },
    );
  }
}

// The byte budget of one import, shared by all its uploads in flight. Each upload reserves bytes
// in the database (import_jobs.bytes_received) before it writes them, a MiB at a time so that a
// large file costs one UPDATE per MiB, not one per chunk; near the limit it reserves exactly
// what it needs. Whatever an upload reserved but does not keep goes back when it settles.
import { releaseUploadBytes, reserveUploadBytes } from '../db/importJobs';
import { InputError, formatBytes } from '../files/errors';

const STEP = 1 << 20;

/** What saveUpload needs of a budget: take n bytes or throw. */
export interface ByteBudget {
  take(bytes: number, file: string | undefined): Promise<void>;
}

/** The import is no longer uploading (it was started or failed meanwhile). */
export class UploadClosedError extends Error {}

export class UploadBudget implements ByteBudget {
  private reserved = 0;
  private used = 0;

  constructor(
    private readonly importId: string,
    private readonly max: number,
  ) {}

  async take(bytes: number, file: string | undefined): Promise<void> {
    const need = this.used + bytes - this.reserved;
    if (need > 0) {
      let amount = Math.max(need, STEP);
      let got = await reserveUploadBytes(this.importId, amount, this.max);
      if (got === 'full' && amount > need) got = await reserveUploadBytes(this.importId, (amount = need), this.max);
      if (got === 'closed') throw new UploadClosedError('the import no longer accepts files');
      if (got === 'full') throw new InputError('too-large', `the upload is larger than the ${formatBytes(this.max)} limit`, { file });
      this.reserved += amount;
    }
    this.used += bytes;
  }

  /** Bytes taken for a file that was not kept (already stored): settle() gives them back. */
  giveBack(bytes: number): void {
    this.used -= bytes;
  }

  /** Keeps the bytes written (a new file) or gives all of them back; returns the bytes kept. */
  async settle(keep: boolean): Promise<number> {
    const kept = keep ? this.used : 0;
    await releaseUploadBytes(this.importId, this.reserved - kept);
    this.reserved = kept;
    return kept;
  }
}

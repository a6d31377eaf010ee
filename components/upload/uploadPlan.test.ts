import { describe, expect, it } from 'vitest';
import { formatBytes } from '../ui/bytes';
import { ALONE_BYTES, BATCH_MAX_BYTES, BATCH_MAX_FILES, planSends, uploadProgressLabel } from './uploadPlan';

describe('planSends', () => {
  it('batches small files by count and bytes, in order, and sends large files alone', () => {
    const sizes = [...Array.from({ length: BATCH_MAX_FILES + 10 }, () => 100), ALONE_BYTES, BATCH_MAX_BYTES - 1, 10];
    const sends = planSends(sizes, (n) => n);
    expect(sends.map((s) => (s.kind === 'batch' ? `batch ${s.files.length} ${s.bytes}` : `alone ${s.bytes}`))).toEqual([
      `batch ${BATCH_MAX_FILES} ${BATCH_MAX_FILES * 100}`,
      `alone ${ALONE_BYTES}`,
      `batch 10 1000`,
      `batch 1 ${BATCH_MAX_BYTES - 1}`,
      'batch 1 10',
    ]);
    // Every file is sent exactly once.
    expect(sends.reduce((n, s) => n + (s.kind === 'batch' ? s.files.length : 1), 0)).toBe(sizes.length);
  });

  it('nothing to send, no request', () => {
    expect(planSends([], () => 0)).toEqual([]);
  });
});

describe('uploadProgressLabel', () => {
  const base = { totalBytes: 10 * 1024 ** 2, totalFiles: 730, done: false };
  it('shows amounts at first, then files/s and MB/s', () => {
    expect(uploadProgressLabel({ ...base, bytes: 0, files: 0, elapsedMs: 0 }, formatBytes)).toBe('Uploading: 0 B / 10.0 MB, 0 / 730 files');
    expect(uploadProgressLabel({ ...base, bytes: 5 * 1024 ** 2, files: 365, elapsedMs: 2000 }, formatBytes)).toBe(
      'Uploading: 5.0 MB / 10.0 MB, 365 / 730 files (183 files/s, 2.5 MB/s)',
    );
    expect(uploadProgressLabel({ ...base, bytes: 10 * 1024 ** 2, files: 730, elapsedMs: 80_000, done: true }, formatBytes)).toBe(
      'Uploaded: 10.0 MB / 10.0 MB, 730 / 730 files (9.1 files/s, 0.1 MB/s)',
    );
  });

  it('one archive: no file count, MB/s only', () => {
    expect(uploadProgressLabel({ bytes: 1024 ** 2, files: 0, totalBytes: 2 * 1024 ** 2, totalFiles: 1, elapsedMs: 1000, done: false }, formatBytes)).toBe(
      'Uploading: 1.0 MB / 2.0 MB (1.0 MB/s)',
    );
  });
});

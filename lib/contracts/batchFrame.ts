// The wire format of a multi-file upload (PUT /api/imports/<id>/batch): many small files of a
// folder in one request body, so a 20,000-file run costs 80 requests, not 20,000. Written by the
// browser (components/upload/uploadClient.ts), read by readBatchFrames (batchFrames.ts).
//
//   "EVOBATCH1\n"                                  magic: a body of another kind fails at once
//   repeated:  u32 BE n (1..MAX_HEADER_BYTES)       the entry's header length
//              n bytes of JSON {path, size, sha256?}  the file's path in the folder, its size and
//                                                  (when the browser can hash: secure contexts
//                                                  only) its SHA-256 in hex
//              size bytes                          the file itself
//   u32 0                                          the end: a body cut anywhere is told apart
//
// Length-prefixed, not tar: no 512-byte padding per 300-byte file, no 100-byte name limit, and
// the size and hash sit in the header where the parser checks them per file.
import { z } from 'zod';

export const BATCH_MAGIC = 'EVOBATCH1\n';
export const BATCH_CONTENT_TYPE = 'application/vnd.evoscope.upload-batch';
export const MAX_HEADER_BYTES = 16 * 1024;
/** Largest file sent inside a batch (the parser holds one entry in memory); larger files go alone. */
export const MAX_BATCH_ENTRY_BYTES = 8 * 1024 ** 2;

export const batchHeaderSchema = z.strictObject({
  path: z.string().min(1).max(4000),
  size: z.number().int().min(0).max(MAX_BATCH_ENTRY_BYTES),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits')
    .optional(),
});
export type BatchHeader = z.infer<typeof batchHeaderSchema>;

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};

/** The parts of one batch body, in order (a Blob of them is the body; file bytes are not copied). */
export function encodeBatch<T extends Blob | Uint8Array>(entries: { header: BatchHeader; data: T }[]): (Uint8Array | T)[] {
  const enc = new TextEncoder();
  const parts: (Uint8Array | T)[] = [enc.encode(BATCH_MAGIC)];
  for (const { header, data } of entries) {
    const h = enc.encode(JSON.stringify(header));
    parts.push(u32(h.length), h, data);
  }
  parts.push(u32(0));
  return parts;
}

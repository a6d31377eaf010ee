// PUT /api/imports/[importId]/batch - many files of a folder upload in one streamed request
// (format: lib/contracts/batchFrame.ts), stored whole or not at all with the per-file guarantees
// of PUT .../files: a retried batch is answered with its files counted as alreadyUploaded and
// changes nothing; other bytes under a stored name get 409; the import's byte budget holds.
import { ApiError, handle, found } from '@/lib/http/handler';
import { importParamsSchema } from '@/lib/contracts/api/imports';
import { getImportJob, placeUploadedFiles } from '@/lib/db/importJobs';
import { InputError } from '@/lib/files/errors';
import { BATCH_CONTENT_TYPE } from '@/lib/contracts/batchFrame';
import { UploadBudget, UploadClosedError } from '@/lib/storage/budget';
import { saveBatch } from '@/lib/storage/saveBatch';
import { DiskFullError, maxUploadBytes } from '@/lib/storage/storage';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const PUT = handle(async (req, params) => {
  const { importId } = importParamsSchema.parse(params);
  // A type no foreign page can send without asking first (CORS preflight), as application/json.
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== BATCH_CONTENT_TYPE) throw new ApiError(415, `send the batch as "Content-Type: ${BATCH_CONTENT_TYPE}"`);
  const job = found(await getImportJob(importId), 'import');
  if (job.status !== 'uploading') throw new ApiError(409, `import is ${job.status}; files can only be added while uploading`);
  if (job.kind !== 'folder') throw new ApiError(400, 'only a folder upload takes batches of files');
  let max: number;
  try {
    max = maxUploadBytes();
  } catch (e) {
    throw new ApiError(500, (e as Error).message); // names the misconfigured variable
  }
  const budget = new UploadBudget(importId, max);
  try {
    const body = req.body ? Readable.fromWeb(req.body as WebReadableStream<Uint8Array>) : Readable.from([]);
    const saved = await saveBatch(importId, body, budget, (link) => placeUploadedFiles(importId, link));
    budget.giveBack(saved.repeatedBytes); // already counted when first stored
    await budget.settle(true);
    return { files: saved.added, alreadyUploaded: saved.alreadyUploaded, bytes: saved.bytes };
  } catch (e) {
    await budget.settle(false);
    req.body?.cancel().catch(() => {});
    if (e instanceof DiskFullError) throw new ApiError(507, e.message);
    if (e instanceof UploadClosedError) throw new ApiError(409, 'the import was started meanwhile; files can only be added while uploading');
    if (e instanceof InputError) {
      const status = e.code === 'too-large' ? 413 : e.code === 'duplicate-entry' || e.code === 'path-conflict' ? 409 : 400;
      throw new ApiError(status, e.message);
    }
    throw e;
  }
}, { permission: 'upload', body: 'stream' });

// PUT /api/imports/[importId]/files[?path=rel/path] - stream one uploaded file (the archive, or
// one file of a folder) to disk; the body is the raw file. A retried PUT of the same bytes is
// answered { alreadyUploaded: true } and changes nothing; other bytes under a stored name get 409.
import { ApiError, handle, found, queryOf } from '@/lib/http/handler';
import { importParamsSchema, uploadFileQuerySchema } from '@/lib/contracts/api/imports';
import { getImportJob, placeUploadedFile } from '@/lib/db/importJobs';
import { InputError } from '@/lib/files/errors';
import { UploadBudget, UploadClosedError } from '@/lib/storage/budget';
import { DiskFullError, maxUploadBytes, saveUpload } from '@/lib/storage/storage';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const PUT = handle(async (req, params) => {
  const { importId } = importParamsSchema.parse(params);
  const { path } = uploadFileQuerySchema.parse(queryOf(req));
  const job = found(await getImportJob(importId), 'import');
  if (job.status !== 'uploading') throw new ApiError(409, `import is ${job.status}; files can only be added while uploading`);
  if (job.kind === 'folder' && !path) throw new ApiError(400, 'a folder upload needs ?path= for each file');
  if (job.kind === 'archive' && path) throw new ApiError(400, 'an archive upload is a single file without ?path=');
  let max: number;
  try {
    max = maxUploadBytes();
  } catch (e) {
    throw new ApiError(500, (e as Error).message); // names the misconfigured variable
  }
  const budget = new UploadBudget(importId, max);
  try {
    const body = req.body as WebReadableStream<Uint8Array> | null;
    const saved = await saveUpload(importId, job.sourceName, path ?? null, body, budget, (link) => placeUploadedFile(importId, link));
    // A repeated file is already counted: its bytes go back to the budget.
    await budget.settle(!saved.alreadyUploaded);
    return saved;
  } catch (e) {
    await budget.settle(false);
    if (e instanceof DiskFullError) throw new ApiError(507, e.message); // 507 Insufficient Storage
    if (e instanceof UploadClosedError) throw new ApiError(409, 'the import was started meanwhile; files can only be added while uploading');
    if (e instanceof InputError) {
      const status = e.code === 'too-large' ? 413 : e.code === 'duplicate-entry' || e.code === 'path-conflict' ? 409 : 400;
      throw new ApiError(status, e.message);
    }
    throw e;
  }
}, { permission: 'upload', body: 'stream' });

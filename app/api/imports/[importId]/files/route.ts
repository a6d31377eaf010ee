// PUT /api/imports/[importId]/files[?path=rel/path] - stream one uploaded file (the archive, or
// one file of a folder) to disk; the body is the raw file
import { ApiError, handle, found, queryOf } from '@/lib/api/handler';
import { importParamsSchema, uploadFileQuerySchema } from '@/lib/api/imports';
import { addReceived, getImportJob } from '@/lib/db/importJobs';
import { InputError } from '@/lib/files/errors';
import { maxUploadBytes, saveUpload } from '@/lib/uploads/storage';
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
  try {
    const budget = maxUploadBytes() - Number(job.bytesReceived);
    const bytes = await saveUpload(importId, job.sourceName, path ?? null, req.body as WebReadableStream<Uint8Array> | null, budget);
    await addReceived(importId, bytes, 1);
    return { bytes };
  } catch (e) {
    if (e instanceof InputError) throw new ApiError(e.code === 'too-large' ? 413 : 400, e.message);
    throw e;
  }
});

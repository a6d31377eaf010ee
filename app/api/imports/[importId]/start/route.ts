// POST /api/imports/[importId]/start - all files are uploaded: queue the import in the worker
import { ApiError, handle, found } from '@/lib/api/handler';
import { importParamsSchema } from '@/lib/api/imports';
import { getImportJob, updateImportJob } from '@/lib/db/importJobs';
import { enqueueImport } from '@/lib/jobs/enqueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (_req, params) => {
  const { importId } = importParamsSchema.parse(params);
  const job = found(await getImportJob(importId), 'import');
  if (job.status !== 'uploading') throw new ApiError(409, `import is already ${job.status}`);
  if (job.filesReceived === 0) throw new ApiError(400, 'nothing was uploaded');
  await updateImportJob(importId, { status: 'queued', phase: 'queued' });
  await enqueueImport(importId);
  return { id: importId, status: 'queued' };
});

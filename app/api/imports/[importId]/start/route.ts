// POST /api/imports/[importId]/start - all files are uploaded: queue the import in the worker
import { ApiError, handle, found } from '@/lib/http/handler';
import { importParamsSchema } from '@/lib/contracts/api/imports';
import { audit } from '@/lib/db/audit';
import { getImportJob, markQueued } from '@/lib/db/importJobs';
import { enqueueImport } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (_req, params, { actor }) => {
  const { importId } = importParamsSchema.parse(params);
  // One conditional update: a file being put in place holds the row, so it is counted first.
  const outcome = found(await markQueued(importId), 'import');
  if (outcome === 'empty') throw new ApiError(400, 'nothing was uploaded');
  if (outcome !== 'queued') throw new ApiError(409, `import is already ${outcome}`);
  // Who started it: the worker's 'import.done' / 'import.failed' entry is attributed to them.
  const job = await getImportJob(importId);
  await audit(actor, 'import.start', { kind: 'import', id: importId }, { source: job?.sourceName ?? null, format: job?.format ?? null });
  await enqueueImport(importId);
  return { id: importId, status: 'queued' };
}, { permission: 'upload' });

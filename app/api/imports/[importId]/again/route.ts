// POST /api/imports/[importId]/again - an import found to repeat stored runs: store it anyway
import { ApiError, handle, found } from '@/lib/http/handler';
import { importParamsSchema } from '@/lib/contracts/api/imports';
import { audit } from '@/lib/db/audit';
import { getImportJob, markImportAgain } from '@/lib/db/importJobs';
import { enqueueImport } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (_req, params, { actor }) => {
  const { importId } = importParamsSchema.parse(params);
  // One conditional update: only a job waiting as 'duplicate' goes back to the queue, once.
  const outcome = found(await markImportAgain(importId), 'import');
  if (outcome !== 'again') throw new ApiError(409, `import is ${outcome}, not waiting as a duplicate`);
  const job = await getImportJob(importId);
  await audit(actor, 'import.again', { kind: 'import', id: importId }, { source: job?.sourceName ?? null });
  await enqueueImport(importId);
  return { id: importId, status: 'queued' };
}, { permission: 'upload' });

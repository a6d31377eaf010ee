// GET /api/imports/[importId] - status and progress of one import
import { handle, found } from '@/lib/http/handler';
import { importParamsSchema } from '@/lib/contracts/api/imports';
import { importJobView } from '@/lib/db/importJobs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async (_req, params) => {
  const { importId } = importParamsSchema.parse(params);
  return found(await importJobView(importId), 'import');
}, { permission: 'read' });

// POST /api/imports - start an upload (returns its id); GET /api/imports - recent imports
import { createImportJob } from '@/lib/db/importJobs';
import { prisma } from '@/lib/db/client';
import { handle, jsonBody } from '@/lib/http/handler';
import { createImportSchema } from '@/lib/contracts/api/imports';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const input = createImportSchema.parse(await jsonBody(req));
  const job = await createImportJob(input);
  return Response.json({ id: job.id, status: job.status }, { status: 201 });
}, { permission: 'upload' });

export const GET = handle(async () => {
  const jobs = await prisma().importJob.findMany({
    orderBy: { createdAt: 'desc' },
    take: 20,
    select: { id: true, sourceName: true, status: true, error: true, runIds: true, createdAt: true },
  });
  return { imports: jobs };
}, { permission: 'read' });

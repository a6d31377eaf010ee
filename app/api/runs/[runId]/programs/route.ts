// GET /api/runs/[runId]/programs - one page of the run's programs (?offset&limit<=500&sort=[-]seq|iteration|island|score|valid)
import { found, handle, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { programsQuerySchema } from '@/lib/contracts/api/programs';
import { listPrograms } from '@/lib/db/programs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await listPrograms(runId, programsQuerySchema.parse(queryOf(req))), 'run');
}, { permission: 'read' });

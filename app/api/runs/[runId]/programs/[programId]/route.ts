// GET /api/runs/[runId]/programs/[programId] - one program: code, metrics, evaluations, prompts, parents, children
import { found, handle } from '@/lib/http/handler';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { getProgramDetail } from '@/lib/db/programs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; programId: string }>(async (_req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  return found(await getProgramDetail(runId, programId), 'program');
}, { permission: 'read' });

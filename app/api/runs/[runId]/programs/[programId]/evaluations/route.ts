// GET /api/runs/[runId]/programs/[programId]/evaluations - the recorded evaluation and Evoscope's re-runs (newest first)
import { found, handle } from '@/lib/http/handler';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { getProgramEvaluations } from '@/lib/db/programEvaluations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; programId: string }>(async (_req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  return found(await getProgramEvaluations(runId, programId), 'program');
}, { permission: 'read' });

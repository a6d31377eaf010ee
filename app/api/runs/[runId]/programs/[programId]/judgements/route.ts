// GET /api/runs/[runId]/programs/[programId]/judgements - every judge's labels for the edit that made this program, with evidence
import { found, handle } from '@/lib/http/handler';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { programJudgements } from '@/lib/db/judgements';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; programId: string }>(async (_req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  return found(await programJudgements(runId, programId), 'program');
}, { permission: 'read' });

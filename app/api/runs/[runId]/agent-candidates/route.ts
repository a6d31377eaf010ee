// GET /api/runs/[runId]/agent-candidates - the eval agent's candidates against mutation children of the same trigger windows (new bests, gains over parent and over best-so-far)
import { found, handle } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getAgentCandidateComparison } from '@/lib/db/agentCandidates';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getAgentCandidateComparison(runId), 'run');
}, { permission: 'read' });

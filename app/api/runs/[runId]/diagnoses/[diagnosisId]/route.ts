// GET /api/runs/[runId]/diagnoses/[diagnosisId] - a diagnosis, the experiment that wrote it and its calls (tool results, LLM exchanges)
import { found, handle } from '@/lib/http/handler';
import { diagnosisParamsSchema } from '@/lib/contracts/api/diagnosisParams';
import { getDiagnosisDetail } from '@/lib/db/diagnosisDetail';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string; diagnosisId: string }>(async (_req, params) => {
  const { runId, diagnosisId } = diagnosisParamsSchema.parse(params);
  return found(await getDiagnosisDetail(runId, diagnosisId), 'diagnosis');
}, { permission: 'read' });

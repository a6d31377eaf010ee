// GET /api/runs/[runId]/diagnoses/[diagnosisId]/source?sha= - a text the diagnosis names (auxiliary_metrics.py, the agent candidate, an exchange's request or reply)
import { z } from 'zod';
import { found, handle, queryOf } from '@/lib/http/handler';
import { diagnosisParamsSchema } from '@/lib/contracts/api/diagnosisParams';
import { diagnosisBlob } from '@/lib/db/diagnosisDetail';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ sha: z.string().regex(/^[0-9a-f]{64}$/, 'sha must be a sha256 in hex (64 characters)') });

export const GET = handle<{ runId: string; diagnosisId: string }>(async (req, params) => {
  const { runId, diagnosisId } = diagnosisParamsSchema.parse(params);
  const { sha } = querySchema.parse(queryOf(req));
  return { sha, source: found(await diagnosisBlob(runId, diagnosisId, sha), 'text of this diagnosis') };
}, { permission: 'read' });

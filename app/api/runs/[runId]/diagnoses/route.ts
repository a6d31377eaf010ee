// GET /api/runs/[runId]/diagnoses - the run's diagnoses (imported and Evoscope's) by trigger generation
import { found, handle } from '@/lib/api/handler';
import { runParamsSchema } from '@/lib/api/params';
import { listDiagnoses } from '@/lib/db/diagnoses';
import { getRunMetricInfo } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  found(await getRunMetricInfo(runId), 'run');
  return { diagnoses: await listDiagnoses(runId) };
}, { permission: 'read' });

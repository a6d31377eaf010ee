// PUT /api/runs/[runId]/generalization/threshold - this run's severe-overfit threshold ({ threshold: number | null }; null: the global setting applies)
import { found, handle, jsonBody } from '@/lib/http/handler';
import { runThresholdBodySchema } from '@/lib/contracts/api/generalization';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getRunGeneralization, setRunThreshold } from '@/lib/db/generalization';
import { getRunMetricInfo } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const PUT = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { threshold } = runThresholdBodySchema.parse(await jsonBody(req));
  found(await getRunMetricInfo(runId), 'run');
  await setRunThreshold(runId, threshold);
  return found(await getRunGeneralization(runId), 'run');
}, { permission: 'jobs' });

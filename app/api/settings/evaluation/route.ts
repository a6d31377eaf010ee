// GET /api/settings/evaluation - how many sandboxes a re-evaluation batch runs at once
// PUT /api/settings/evaluation - set it ({ concurrency: number | null }; null = the machine's cores)
import { handle, jsonBody } from '@/lib/api/handler';
import { evaluationSettingsInputSchema } from '@/lib/api/evaluations';
import { getEvaluationSettings, setEvaluationConcurrency } from '@/lib/db/evaluationBatches';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => getEvaluationSettings(), { permission: 'read' });

export const PUT = handle(async (req) => {
  const { concurrency } = evaluationSettingsInputSchema.parse(await jsonBody(req));
  await setEvaluationConcurrency(concurrency);
  return getEvaluationSettings();
}, { permission: 'settings' });

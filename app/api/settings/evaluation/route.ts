// GET /api/settings/evaluation - how many sandboxes a re-evaluation batch runs at once, and the owner's maxima
// PUT /api/settings/evaluation - set them ({ concurrency: number | null, maxTimeoutSeconds?, maxMemoryMb?, maxConcurrency? };
// null = the default; a maximum left out is kept)
import { ApiError, handle, jsonBody } from '@/lib/http/handler';
import { evaluationSettingsInputSchema } from '@/lib/contracts/api/evaluations';
import { audit } from '@/lib/db/audit';
import { getEvaluationSettings, setEvaluationConcurrency } from '@/lib/db/evaluationBatches';
import { setEvaluationLimits, storedEvaluationLimits } from '@/lib/db/evaluationLimits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => getEvaluationSettings(), { permission: 'read' });

export const PUT = handle(async (req, _params, { actor }) => {
  const input = evaluationSettingsInputSchema.parse(await jsonBody(req));
  const { concurrency, ...limits } = input;
  const maxConcurrency = limits.maxConcurrency === undefined ? (await storedEvaluationLimits()).maxConcurrency : limits.maxConcurrency;
  if (concurrency !== null && maxConcurrency !== null && maxConcurrency < concurrency) {
    throw new ApiError(400, `maxConcurrency (${maxConcurrency}) is below the default concurrency (${concurrency}): raise the maximum or lower the default`);
  }
  await setEvaluationConcurrency(concurrency);
  await setEvaluationLimits(limits);
  await audit(actor, 'settings.evaluation', { kind: 'setting', id: 'evaluation' }, input);
  return getEvaluationSettings();
}, { permission: 'settings' });

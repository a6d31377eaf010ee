// POST /api/settings/llm/test - send one tiny request with the form's values (not saved; fields left out: the saved ones; the stored key only to the stored URL) and report the model's answer or the error by status and reason
import { ApiError, handle, jsonBody } from '@/lib/http/handler';
import { llmTestInputSchema } from '@/lib/contracts/api/llmSettings';
import { previewLlmSettings, RETYPE_KEY } from '@/lib/services/llmSettings';
import { testLlmConnection } from '@/lib/llm/testConnection';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const input = llmTestInputSchema.parse(await jsonBody(req));
  const preview = await previewLlmSettings(input);
  if (!preview) throw new ApiError(400, 'set a base URL and a model first');
  const result = await testLlmConnection(preview.settings, req.signal);
  return preview.keyWithheld ? { ...result, note: `sent without the stored API key: ${RETYPE_KEY}` } : result;
}, { permission: 'settings' });

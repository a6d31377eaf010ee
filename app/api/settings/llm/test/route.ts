// POST /api/settings/llm/test - send one tiny request with the form's values (not saved; fields left out: the saved ones) and report the model's answer or the error
import { ApiError, handle, jsonBody } from '@/lib/api/handler';
import { llmTestInputSchema } from '@/lib/api/llmSettings';
import { previewLlmSettings } from '@/lib/llm/settings';
import { testLlmConnection } from '@/lib/llm/testConnection';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const input = llmTestInputSchema.parse(await jsonBody(req));
  const settings = await previewLlmSettings(input);
  if (!settings) throw new ApiError(400, 'set a base URL and a model first');
  return testLlmConnection(settings, req.signal);
}, { permission: 'settings' });

// GET /api/settings/llm - the LLM judge's settings (the API key never: hasApiKey, and which fields the environment sets)
// PUT /api/settings/llm - store them (apiKey omitted: keep the stored key; null: forget it); audited, never the key
import { handle, jsonBody } from '@/lib/http/handler';
import { audit } from '@/lib/db/audit';
import { llmSettingsInputSchema } from '@/lib/contracts/api/llmSettings';
import { llmSettingsView, saveLlmSettings } from '@/lib/services/llmSettings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => llmSettingsView(), { permission: 'read' });

export const PUT = handle(async (req, _params, { actor }) => {
  const { apiKey, ...rest } = llmSettingsInputSchema.parse(await jsonBody(req));
  const view = await saveLlmSettings({ ...rest, apiKey });
  // Audited without the key: only whether it was set, kept or forgotten.
  await audit(actor, 'settings.llm', { kind: 'setting', id: 'llm' }, { ...rest, apiKey: apiKey === undefined ? 'kept' : apiKey === null ? 'forgotten' : 'set' });
  return view;
}, { permission: 'settings' });

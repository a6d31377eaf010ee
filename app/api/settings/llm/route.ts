// GET /api/settings/llm - the LLM judge's settings (the API key never: hasApiKey, and which fields the environment sets)
// PUT /api/settings/llm - store them (apiKey omitted: keep the stored key; null: forget it)
import { handle, jsonBody } from '@/lib/api/handler';
import { llmSettingsInputSchema } from '@/lib/api/llmSettings';
import { llmSettingsView, saveLlmSettings } from '@/lib/llm/settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => llmSettingsView(), { permission: 'read' });

export const PUT = handle(async (req) => saveLlmSettings(llmSettingsInputSchema.parse(await jsonBody(req))), { permission: 'settings' });

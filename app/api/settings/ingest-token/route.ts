// POST /api/settings/ingest-token - replace the ingestion token (the old one stops working)
import { ApiError, handle } from '@/lib/http/handler';
import { currentMode } from '@/lib/http/auth/actor';
import { audit } from '@/lib/db/audit';
import { regenerateIngestToken } from '@/lib/db/settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (_req, _params, { actor }) => {
  // With accounts, ingestion uses personal API tokens (the old token became the first owner's).
  if ((await currentMode()) === 'accounts') throw new ApiError(410, 'this Evoscope has accounts: ingestion uses personal API tokens now (create one with the ingest scope on /settings)');
  const token = await regenerateIngestToken();
  await audit(actor, 'settings.ingest-token', { kind: 'setting', id: 'ingest.token' }, { regenerated: true });
  return { token };
}, { permission: 'settings' });

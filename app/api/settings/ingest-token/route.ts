// POST /api/settings/ingest-token - replace the ingestion token (the old one stops working)
import { handle } from '@/lib/api/handler';
import { regenerateIngestToken } from '@/lib/db/settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async () => ({ token: await regenerateIngestToken() }), { permission: 'settings' });

// GET /api/health - liveness for Playwright's webServer and monitors; touches nothing slow.
import { handle } from '@/lib/http/handler';

export const dynamic = 'force-dynamic';

export const GET = handle(async () => ({ ok: true }), { permission: 'public' });

// GET /api/health - liveness for Playwright's webServer and monitors; touches nothing slow.
import { handle } from '@/lib/api/handler';

export const dynamic = 'force-dynamic';

export const GET = handle(async () => ({ ok: true }), { permission: 'public' });

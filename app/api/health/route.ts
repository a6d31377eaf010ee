// GET /api/health - liveness for Playwright's webServer and monitors; touches nothing slow.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ ok: true });
}

// Pages get the same Host / cross-site check as the API (lib/http/requestGuard.ts): a page
// rendered for a rebound DNS name would hand a foreign site, say, the ingestion token on
// /settings. API routes are NOT matched here: they are guarded inside handle()
// (lib/api/handler.ts), because Next buffers the whole request body of every request a proxy
// matches (proxyClientMaxBodySize), which would break multi-gigabyte streamed uploads.
import { NextResponse, type NextRequest } from 'next/server';
import { refuseForeignRequest } from './lib/http/guard';

export function proxy(req: NextRequest) {
  return refuseForeignRequest(req) ?? NextResponse.next();
}

export const config = {
  matcher: ['/((?!api/|api$|_next/static/|_next/image|favicon\\.ico).*)'],
};

// Pages get the same Host / cross-site check as the API (lib/http/requestGuard.ts): a page
// rendered for a rebound DNS name would hand a foreign site, say, a token on /settings. Then,
// when accounts are on, a session (or a share link for its run) is required, else the browser
// goes to /sign-in (lib/http/auth/pageGate.ts). API routes are NOT matched here: they are guarded
// inside handle() (lib/http/handler.ts), because Next buffers the whole request body of every
// request a proxy matches (proxyClientMaxBodySize), which would break multi-gigabyte uploads.
import { NextResponse, type NextRequest } from 'next/server';
import { pageGate } from './lib/http/auth/pageGate';
import { refuseForeignRequest } from './lib/http/guard';

export async function proxy(req: NextRequest) {
  return refuseForeignRequest(req) ?? (await pageGate(req)) ?? NextResponse.next();
}

export const config = {
  matcher: ['/((?!api/|api$|_next/static/|_next/image|favicon\\.ico).*)'],
};

// Pages in accounts mode (lib/http/auth/mode.ts): a signed-in session, or a share link on its own
// run's pages; otherwise a redirect to /sign-in?next=<where you were going>. Called by proxy.ts
// for every page request (API routes check in handle()). Role checks of owner-only pages are in
// those pages (pageActor()).
import { NextResponse, type NextRequest } from 'next/server';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { currentMode, SHARE_COOKIE, sessionActor, shareActor } from './actor';
import { sameOriginUrl } from '../origin';

/** Reachable by anyone: signing in, accepting an invitation, opening a share link. */
const PUBLIC_PAGES = [/^\/sign-in\/?$/, /^\/invite\/[^/]+\/?$/, /^\/share\/[^/]+\/?$/, /^\/icon\.svg$/];

function html(status: number, title: string, body: string, extraHead = '') {
  return new NextResponse(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Evoscope</title>${extraHead}</head><body style="font:14px system-ui;margin:3rem auto;max-width:40rem"><h1 style="font-size:1.3rem">${title}</h1>${body}</body></html>`, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function isPublicPage(pathname: string) {
  return PUBLIC_PAGES.some((r) => r.test(pathname));
}

/** Null: serve the page; else the response to send instead. */
export async function pageGate(req: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = req.nextUrl;
  if (isPublicPage(pathname)) return null;
  try {
    if ((await currentMode()) === 'single-user') return null;
    if (await sessionActor(req.headers)) return null;
    const secret = req.cookies.get(SHARE_COOKIE)?.value;
    const share = secret ? await shareActor(secret) : null;
    if (share?.kind === 'share') {
      const home = `/runs/${share.runId}`;
      if (pathname === home || pathname.startsWith(`${home}/`)) return null;
      return html(403, 'This share link opens one run only', `<p>Your share link gives read access to <a href="${home}">one run</a>. To see more, <a href="/sign-in?next=${encodeURIComponent(pathname)}">sign in</a>.</p>`);
    }
  } catch (e) {
    if (!isDatabaseUnavailable(e)) throw e;
    // The page could not render without the database anyway; say so and retry.
    return html(503, 'The database is reconnecting', '<p>Evoscope&apos;s database is restarting; this page reloads in a moment.</p>', '<meta http-equiv="refresh" content="3">');
  }
  const to = sameOriginUrl(req, '/sign-in');
  if (pathname !== '/') to.searchParams.set('next', pathname + search);
  return NextResponse.redirect(to, 307);
}

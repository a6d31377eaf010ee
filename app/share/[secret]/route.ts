// GET /share/[secret] - open a read-only share link: remember it in a cookie (httpOnly, this site
// only, until the link expires) and go to its run. Not under app/api: a page visit, guarded for
// Host by proxy.ts; the secret itself is the credential.
import { NextResponse, type NextRequest } from 'next/server';
import { SHARE_COOKIE } from '@/lib/http/auth/actor';
import { prisma } from '@/lib/db/client';
import { sha256Hex } from '@/lib/contracts/tokens';
import { sameOriginUrl } from '@/lib/http/origin';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(req: NextRequest, { params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  const link = await prisma().shareLink.findUnique({ where: { tokenHash: sha256Hex(secret) } });
  if (!link || link.revokedAt || link.expiresAt.getTime() <= Date.now()) {
    return new NextResponse('<!doctype html><title>Share link · Evoscope</title><p style="font:14px system-ui;margin:3rem">This share link is not valid: it was revoked, or it expired. Ask whoever sent it for a new one.</p>', {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const res = NextResponse.redirect(sameOriginUrl(req, `/runs/${link.runId}`), 303);
  res.cookies.set(SHARE_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.nextUrl.protocol === 'https:',
    expires: link.expiresAt,
  });
  res.headers.set('cache-control', 'no-store');
  return res;
}

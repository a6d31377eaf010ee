// The origin the client used, from its Host header (already checked against the allow-list by
// the request guard). Not req.nextUrl.origin: `next start` reports its own bind name there
// (localhost), and a link or redirect to another host name loses the cookies set for this one.
export function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get('host') ?? url.host;
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0].trim() || url.protocol.replace(/:$/, '');
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** An absolute URL on the client's origin, for redirects. */
export const sameOriginUrl = (req: Request, path: string) => new URL(path, requestOrigin(req));

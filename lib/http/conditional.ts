// HTTP content negotiation and conditional requests for large, versioned bodies (the scatter
// points and the lineage graph of a 100k-program run: 8 MB of JSON each). Pure: header strings in,
// decisions out. Used by lib/http/versionedBody.ts.

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when accepted (smaller for
 * JSON of numbers and ids), else gzip, else none. A coding with q=0 is refused; `*` stands for
 * any coding not named. Preference among accepted codings is ours (servers may choose), not the
 * client's q order: browsers send equal weights anyway.
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (q.has(coding) ? q.get(coding)! > 0 : (q.get('*') ?? 0) > 0);
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (!q.has('gzip') && accepts('x-gzip'))) return 'gzip';
  return 'identity';
}

/** A strong entity tag for a body version; `encoding` makes each encoded representation its own. */
export function etagOf(version: string, encoding: Encoding): string {
  return `"${version.replace(/[^A-Za-z0-9._:-]/g, '_')}${encoding === 'identity' ? '' : `-${encoding}`}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for If-None-Match). */
export function noneMatch(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === want);
}

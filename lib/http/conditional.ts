// Conditional requests for large, versioned bodies (the scatter points and the lineage graph of a
// 100k-program run: 8 MB of JSON each): entity tags per form and If-None-Match. Pure: header
// strings in, decisions out. Used by lib/http/versionedBody.ts.

/** The form of a body: as is, or gzipped (the packed form of lib/contracts/wire/packedBody.ts). */
export type Encoding = 'gzip' | 'identity';

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

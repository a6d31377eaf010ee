// The packed form of a large versioned body (lib/http/versionedBody.ts): the JSON text gzipped
// once per version on the server and sent as application/octet-stream, decoded by the browser
// with DecompressionStream. Why not plain gzip on the wire: Next 16 drops a route handler's own
// Content-Encoding (node_modules/next/dist/server/send-response.js FORBIDDEN_HEADERS) and gzips
// every JSON response again on each request, ~0.1 s of the server's one thread per 8 MB body at
// 100k programs; an octet-stream is not compressible, so Next passes the bytes through as they are.
// The request names the form in its URL (`?enc=gzip`), not in a header, so that a
// <link rel="preload"> of the same URL serves the fetch. Client-safe: no Node imports.

/** The query parameter and value that ask for the packed form. */
export const PACKED_PARAM = 'enc';
export const PACKED_VALUE = 'gzip';
/** Its Content-Type: not compressible, so Next's compression leaves it alone. */
export const PACKED_TYPE = 'application/octet-stream';

/** `url` asking for the packed form (`?enc=gzip` added to its query). */
export function packedUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${PACKED_PARAM}=${PACKED_VALUE}`;
}

/**
 * The JSON value of a response to a packed URL: decoded from gzip when the server sent the packed
 * form, read as JSON otherwise (errors, 202 "pending", a route that has no packed form); null
 * when the body is not JSON.
 */
export async function readPacked(res: Response): Promise<unknown> {
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  if (type === PACKED_TYPE && res.body) {
    const text = await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text();
    return JSON.parse(text);
  }
  return res.json().catch(() => null);
}

// The client's fetch of a large versioned body in its packed form (lib/contracts/wire/packedBody.ts),
// validated with the zod schema the server uses. A plain GET with no extra headers, so that the
// browser answers it from a <link rel="preload" href={packedUrl(url)} as="fetch"> when the page
// started one with its HTML. The browser revalidates with If-None-Match on its own (the server
// sends `Cache-Control: no-cache` and an ETag), so a repeat visit gets 304 and its cached bytes.
import type { z } from 'zod';
import { HttpError, refusalMessage } from './httpError';
import { packedUrl, readPacked } from './packedBody';

export async function fetchPacked<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const res = await fetch(packedUrl(url), { signal });
  const body = await readPacked(res);
  if (!res.ok) throw new HttpError(res.status, refusalMessage(res, body));
  return schema.parse(body);
}

// Client-side fetch of our own JSON API, validated with the same zod schema the server uses. No
// request headers: a <link rel="preload" as="fetch"> of the same URL then serves it (Chromium
// does not reuse a preload for a fetch with other headers).
import type { z } from 'zod';
import { HttpError, refusalMessage } from '@/lib/contracts/wire/httpError';

export { HttpError };

export async function fetchJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const res = await fetch(url, { signal });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new HttpError(res.status, refusalMessage(res, body));
  return schema.parse(body);
}

/** POSTs JSON (or nothing) to our own API; a refusal is an HttpError with the server's message. */
export async function postJson(url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new HttpError(res.status, refusalMessage(res, json));
  return json;
}

// Client-side fetch of our own JSON API, validated with the same zod schema the server uses.
import type { z } from 'zod';

/** A refused API call, with its status: 503 means the database is reconnecting (ReconnectingBanner). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function fetchJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}`;
    throw new HttpError(res.status, message);
  }
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
  if (!res.ok) {
    const message = json && typeof json === 'object' && 'error' in json ? String(json.error) : `${res.status} ${res.statusText}`;
    throw new HttpError(res.status, message);
  }
  return json;
}

// Client-side fetch of our own JSON API, validated with the same zod schema the server uses.
import type { z } from 'zod';

export async function fetchJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}`;
    throw new Error(message);
  }
  return schema.parse(body);
}

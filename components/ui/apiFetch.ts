// The one client-side call of our own JSON API: JSON in and out, same-origin credentials, a refusal
// thrown as an HttpError carrying the status and the server's message.
//
// No CSRF header: the server's guard (lib/http/requestGuard.ts) checks a write's Origin and
// Sec-Fetch-Site, which the browser sets itself. A GET carries no request headers at all, so that
// a <link rel="preload" as="fetch"> of the same URL serves it (Chromium does not reuse a preload
// for a fetch with other headers). `packed`: the route serves a versioned body in its packed form
// (lib/contracts/wire/packedBody.ts): ask for it (`?enc=gzip` in the URL, not a header) and decode it.
import type { z } from 'zod';
import { HttpError } from '@/lib/contracts/wire/httpError';
import { packedUrl, readPacked } from '@/lib/contracts/wire/packedBody';

export { HttpError };

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: ApiMethod;
  /** Sent as JSON; undefined sends no body (and no content-type). */
  body?: unknown;
  signal?: AbortSignal;
  /** Ask for the route's packed (gzipped) form and decode it. */
  packed?: boolean;
}

/** The URL and RequestInit of a call (pure: tested beside). */
export function apiRequest(url: string, opts: ApiFetchOptions = {}): { url: string; init: RequestInit } {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers.accept = 'application/json';
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { credentials: 'same-origin' };
  if (method !== 'GET') init.method = method;
  if (Object.keys(headers).length > 0) init.headers = headers;
  if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
  if (opts.signal) init.signal = opts.signal;
  return { url: opts.packed ? packedUrl(url) : url, init };
}

/**
 * What the server said when it refused: our routes answer `{ error }`, better-auth's `{ message }`;
 * null when the body says neither (not JSON, a proxy's page).
 */
export function serverMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  if ('error' in body && body.error !== undefined && body.error !== null) return String(body.error);
  if ('message' in body && body.message !== undefined && body.message !== null) return String(body.message);
  return null;
}

/** The refusal of a call: the server's message, else its status line. */
export function refusal(status: number, statusText: string, body: unknown): HttpError {
  return new HttpError(status, serverMessage(body) ?? `${status} ${statusText}`.trim());
}

/** Calls our API; with `schema`, the answer is validated with the zod schema the server uses. */
export async function apiFetch<S extends z.ZodType>(url: string, opts: ApiFetchOptions & { schema: S }): Promise<z.infer<S>>;
export async function apiFetch<T = unknown>(url: string, opts?: ApiFetchOptions): Promise<T>;
export async function apiFetch(url: string, opts: ApiFetchOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
  const req = apiRequest(url, opts);
  const res = await fetch(req.url, req.init);
  const body: unknown = opts.packed ? await readPacked(res) : await res.json().catch(() => null);
  if (!res.ok) throw refusal(res.status, res.statusText, body);
  return opts.schema ? opts.schema.parse(body) : body;
}

/** The message of whatever a call threw (an HttpError's is the server's). */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

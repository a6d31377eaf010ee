// POST/PATCH/DELETE of JSON to our own API from a client component; the error message the server
// gave (our routes: { error }, better-auth's: { message }) or the status.
export async function sendJson(url: string, method: string, body?: unknown): Promise<{ ok: boolean; status: number; data: Record<string, unknown> }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  return { ok: res.ok, status: res.status, data };
}

export const messageOf = (r: { status: number; data: Record<string, unknown> }) =>
  String(r.data.error ?? r.data.message ?? `the server answered ${r.status}`);

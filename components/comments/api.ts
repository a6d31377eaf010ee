// JSON calls from the comment/board components to our own API: the server's error message or the status.
export interface Sent<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  data: T;
  error: string;
}

export async function apiJson<T = Record<string, unknown>>(url: string, method = 'GET', body?: unknown): Promise<Sent<T>> {
  const res = await fetch(url, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & { error?: unknown };
  return { ok: res.ok, status: res.status, data, error: res.ok ? '' : String(data?.error ?? `the server answered ${res.status}`) };
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, apiRequest, errorText, HttpError, refusal, serverMessage } from './apiFetch';

describe('apiRequest', () => {
  it('sends a GET with no request headers (a preload of the same URL serves it)', () => {
    const { url, init } = apiRequest('/api/runs');
    expect(url).toBe('/api/runs');
    expect(init).toEqual({ credentials: 'same-origin' });
  });

  it('sends a body as JSON, with its content type and an accept header', () => {
    const { init } = apiRequest('/api/runs/r1', { method: 'PATCH', body: { name: 'x' } });
    expect(init.method).toBe('PATCH');
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
    expect(init.body).toBe('{"name":"x"}');
    expect(init.credentials).toBe('same-origin');
  });

  it('sends no body and no content type for a write without one', () => {
    const { init } = apiRequest('/api/x/cancel', { method: 'POST' });
    expect(init.headers).toEqual({ accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it('asks for the packed form in the URL, not a header', () => {
    expect(apiRequest('/api/runs/r1/points', { packed: true }).url).toBe('/api/runs/r1/points?enc=gzip');
    expect(apiRequest('/api/runs/r1/points?metric=a', { packed: true }).url).toBe('/api/runs/r1/points?metric=a&enc=gzip');
    expect(apiRequest('/api/runs/r1/points', { packed: true }).init.headers).toBeUndefined();
  });

  it('passes the abort signal on', () => {
    const ac = new AbortController();
    expect(apiRequest('/api/runs', { signal: ac.signal }).init.signal).toBe(ac.signal);
  });
});

describe('refusals', () => {
  it("takes our routes' { error }, else better-auth's { message }", () => {
    expect(serverMessage({ error: 'no such run' })).toBe('no such run');
    expect(serverMessage({ message: 'Invalid email or password' })).toBe('Invalid email or password');
    expect(serverMessage({ error: 'a', message: 'b' })).toBe('a');
    expect(serverMessage(null)).toBeNull();
    expect(serverMessage('<html>')).toBeNull();
    expect(serverMessage({})).toBeNull();
  });

  it('is an HttpError with the status, and the status line when the server said nothing', () => {
    const e = refusal(409, 'Conflict', { error: 'already running' });
    expect(e).toBeInstanceOf(HttpError);
    expect(e.status).toBe(409);
    expect(e.message).toBe('already running');
    expect(refusal(502, 'Bad Gateway', null).message).toBe('502 Bad Gateway');
    expect(refusal(503, '', null).message).toBe('503');
  });

  it('errorText reads any thrown value', () => {
    expect(errorText(new HttpError(400, 'bad'))).toBe('bad');
    expect(errorText('plain')).toBe('plain');
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('validates the answer with the schema', async () => {
    const f = answer(200, { id: 'r1', extra: 1 });
    vi.stubGlobal('fetch', f);
    await expect(apiFetch('/api/runs/r1', { schema: z.object({ id: z.string() }) })).resolves.toEqual({ id: 'r1' });
    expect(f).toHaveBeenCalledWith('/api/runs/r1', { credentials: 'same-origin' });
  });

  it('returns the JSON as it is without a schema', async () => {
    vi.stubGlobal('fetch', answer(200, { token: 't' }));
    await expect(apiFetch('/api/tokens', { method: 'POST', body: {} })).resolves.toEqual({ token: 't' });
  });

  it('throws the refusal with status and message', async () => {
    vi.stubGlobal('fetch', answer(403, { error: 'you may not' }));
    const e = await apiFetch('/api/users').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(403);
    expect((e as HttpError).message).toBe('you may not');
  });
});

// Cross-site writes and DNS rebinding, through real HTTP against the built app: a write from a
// foreign page gets 403 and changes nothing, a foreign Host gets 403 on everything (the
// ingestion token on /settings included), and scripts without Origin keep working.
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ingestToken } from './ingest';

const port = Number(process.env.E2E_PORT ?? 3210);

/** A raw request, so Host can be anything (as it is when a DNS name is rebound to us). */
function raw(method: string, urlPath: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const settingsToken = async (request: APIRequestContext) =>
  /data-testid="ingest-token"[^>]*>(evo_[A-Za-z0-9_-]+)</.exec(await (await request.get('/settings')).text())?.[1];
const importCount = async (request: APIRequestContext) => ((await (await request.get('/api/imports')).json()).imports as unknown[]).length;

const evil = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };

test('a cross-origin write to every state-changing route gets 403 and changes nothing', async ({ request }) => {
  const token = await settingsToken(request);
  expect(token).toMatch(/^evo_/);
  const host = `127.0.0.1:${port}`;

  const regen = await raw('POST', '/api/settings/ingest-token', { host, ...evil });
  expect(regen.status, regen.body).toBe(403);
  expect(await settingsToken(request)).toBe(token);

  const before = await importCount(request);
  const create = await raw('POST', '/api/imports', { host, origin: 'http://evil.example', 'content-type': 'application/json' }, JSON.stringify({ kind: 'archive', sourceName: 'x.zip' }));
  expect(create.status, create.body).toBe(403);
  expect(await importCount(request)).toBe(before);

  // An import created by a script (no Origin: allowed), then attacked from a foreign page.
  const own = await request.post('/api/imports', { data: { kind: 'archive', sourceName: 'security.zip' } });
  expect(own.status()).toBe(201);
  const { id } = await own.json();
  const put = await raw('PUT', `/api/imports/${id}/files`, { host, ...evil, 'content-type': 'application/octet-stream' }, 'PK\u0003\u0004 junk');
  expect(put.status, put.body).toBe(403);
  const start = await raw('POST', `/api/imports/${id}/start`, { host, origin: `http://localhost:${port}` });
  expect(start.status, start.body).toBe(403);
  expect(await (await request.get(`/api/imports/${id}`)).json()).toMatchObject({ status: 'uploading', filesReceived: 0, bytesReceived: 0 });
});

test('JSON sent as text/plain is refused with 415', async ({ request }) => {
  const before = await importCount(request);
  const res = await raw('POST', '/api/imports', { host: `127.0.0.1:${port}`, 'content-type': 'text/plain' }, JSON.stringify({ kind: 'archive', sourceName: 'x.zip' }));
  expect(res.status, res.body).toBe(415);
  expect(await importCount(request)).toBe(before);
});

test('a foreign Host (DNS rebinding) gets 403 on pages and API, ingestion included', async ({ request }) => {
  const token = await ingestToken(request);
  const host = `evil.example:${port}`;
  const settings = await raw('GET', '/settings', { host });
  expect(settings.status).toBe(403);
  expect(settings.body).not.toContain('evo_');
  expect((await raw('GET', '/api/runs', { host })).status).toBe(403);
  const ingest = await raw('POST', '/api/ingest/runs', { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, JSON.stringify({ name: 'rebound' }));
  expect(ingest.status, ingest.body).toBe(403);
  // The same requests on our own names are served.
  expect((await raw('GET', '/settings', { host: `localhost:${port}` })).status).toBe(200);
  expect((await raw('GET', '/api/runs', { host: `127.0.0.1:${port}` })).status).toBe(200);
});

test('a page of another site cannot regenerate the token from a browser', async ({ page, request }) => {
  const token = await settingsToken(request);
  // localhost and 127.0.0.1 are different sites to the browser: this page is "foreign".
  await page.goto(`http://localhost:${port}/`);
  const status = await page.evaluate(async (target) => {
    const res = await fetch(target, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }).catch(() => null);
    return res ? res.status : 'blocked';
  }, `http://127.0.0.1:${port}/api/settings/ingest-token`);
  expect(status).toBe('blocked'); // no CORS headers: the foreign page may not read the answer...
  expect(await settingsToken(request)).toBe(token); // ...and the server refused to act on it
  // Evoscope's own page still writes (the browser sends Origin and Sec-Fetch-Site: same-origin).
  await page.goto('/upload');
  const own = await page.evaluate(async () => {
    const res = await fetch('/api/imports', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'archive', sourceName: 'own.zip' }) });
    return res.status;
  });
  expect(own).toBe(201);
});

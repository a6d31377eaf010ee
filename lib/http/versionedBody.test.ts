import zlib from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import { clearVersionedBodies, versionedResponse } from './versionedBody';

const req = (headers: Record<string, string> = {}) => new Request('http://127.0.0.1/api/x', { headers });
const json = JSON.stringify({ seq: Array.from({ length: 5000 }, (_, i) => i), value: Array.from({ length: 5000 }, (_, i) => i / 7) });

beforeEach(() => clearVersionedBodies());

it('builds once per version, compresses per Accept-Encoding, and the bodies decode to the same JSON', async () => {
  let builds = 0;
  const body = (version: string) => ({ key: 'points:r1', version, build: async () => (builds++, json), precompress: true });
  const plain = (await versionedResponse(req(), body('v1')))!;
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(json);

  const gz = (await versionedResponse(req({ 'accept-encoding': 'gzip' }), body('v1')))!;
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  const gzBytes = Buffer.from(await gz.arrayBuffer());
  expect(gzBytes.length).toBeLessThan(json.length / 2);
  expect(zlib.gunzipSync(gzBytes).toString()).toBe(json);

  const br = (await versionedResponse(req({ 'accept-encoding': 'gzip, br' }), body('v1')))!;
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json);
  expect(builds).toBe(1);

  await versionedResponse(req(), body('v2'));
  expect(builds).toBe(2);
});

it('answers 304 to the ETag of the version the client holds, without building', async () => {
  let builds = 0;
  const body = (version: string) => ({ key: 'graph:r2', version, build: async () => (builds++, json), precompress: true });
  const first = (await versionedResponse(req({ 'accept-encoding': 'gzip' }), body('v1')))!;
  const etag = first.headers.get('etag')!;
  expect(etag).toBeTruthy();
  clearVersionedBodies();
  const again = (await versionedResponse(req({ 'accept-encoding': 'gzip', 'if-none-match': etag }), body('v1')))!;
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(builds).toBe(1);
  const changed = (await versionedResponse(req({ 'accept-encoding': 'gzip', 'if-none-match': etag }), body('v2')))!;
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
});

it('returns null when there is nothing, and does not cache a failed build', async () => {
  expect(await versionedResponse(req(), { key: 'k', version: 'v', build: async () => null })).toBeNull();
  await expect(versionedResponse(req(), { key: 'k2', version: 'v', build: async () => { throw new Error('boom'); } })).rejects.toThrow('boom');
  const ok = (await versionedResponse(req(), { key: 'k2', version: 'v', build: async () => '{}' }))!;
  expect(await ok.text()).toBe('{}');
});

it('stays within its byte budget, dropping the least recently used body', async () => {
  process.env.EVOSCOPE_BODY_CACHE_MB = String((json.length * 2.5) / 1024 ** 2);
  try {
    let builds = 0;
    const get = (key: string) => versionedResponse(req(), { key, version: 'v', build: async () => (builds++, json) });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // over budget: b goes
    expect(builds).toBe(3);
    await get('a');
    expect(builds).toBe(3);
    await get('b');
    expect(builds).toBe(4);
  } finally {
    delete process.env.EVOSCOPE_BODY_CACHE_MB;
  }
});

it('serves the identity body by default, whatever the client accepts (Next compresses it)', async () => {
  const res = (await versionedResponse(req({ 'accept-encoding': 'gzip, br' }), { key: 'plain', version: 'v', build: async () => json }))!;
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(await res.text()).toBe(json);
});

import zlib from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import { PACKED_TYPE, packedUrl, readPacked } from '../contracts/wire/packedBody';
import { clearVersionedBodies, versionedResponse } from './versionedBody';

const URL_ = 'http://127.0.0.1/api/x?metric=a';
const req = (headers: Record<string, string> = {}, url = URL_) => new Request(url, { headers });
const packedReq = (headers: Record<string, string> = {}) => req(headers, packedUrl(URL_));
const json = JSON.stringify({ seq: Array.from({ length: 5000 }, (_, i) => i), value: Array.from({ length: 5000 }, (_, i) => i / 7) });

beforeEach(() => clearVersionedBodies());

it('builds once per version; ?enc=gzip serves the same JSON gzipped as an octet-stream, which readPacked decodes', async () => {
  let builds = 0;
  const body = (version: string) => ({ key: 'points:r1', version, build: async () => (builds++, json) });
  const plain = (await versionedResponse(req({ 'accept-encoding': 'gzip, br' }), body('v1')))!;
  expect(plain.headers.get('content-type')).toBe('application/json');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(json);

  const packed = (await versionedResponse(packedReq(), body('v1')))!;
  expect(packed.headers.get('content-type')).toBe(PACKED_TYPE);
  expect(packed.headers.get('content-encoding')).toBeNull();
  const bytes = Buffer.from(await packed.clone().arrayBuffer());
  expect(bytes.length).toBeLessThan(json.length / 2);
  expect(zlib.gunzipSync(bytes).toString()).toBe(json);
  expect(await readPacked(packed)).toEqual(JSON.parse(json));
  expect(builds).toBe(1);

  await versionedResponse(packedReq(), body('v2'));
  expect(builds).toBe(2);
});

it('readPacked reads a JSON answer (an error, a 202) as JSON', async () => {
  expect(await readPacked(Response.json({ pending: true }, { status: 202 }))).toEqual({ pending: true });
  expect(await readPacked(new Response('not json', { status: 500 }))).toBeNull();
});

it('refuses an enc other than gzip', async () => {
  await expect(versionedResponse(req({}, `${URL_}&enc=br`), { key: 'k', version: 'v', build: async () => json })).rejects.toThrow(/enc must be/);
});

it('answers 304 to the ETag of the form and version the client holds, without building', async () => {
  let builds = 0;
  const body = (version: string) => ({ key: 'graph:r2', version, build: async () => (builds++, json) });
  const first = (await versionedResponse(packedReq(), body('v1')))!;
  const etag = first.headers.get('etag')!;
  const plainEtag = (await versionedResponse(req(), body('v1')))!.headers.get('etag')!;
  expect(etag).toBeTruthy();
  expect(plainEtag).not.toBe(etag);
  clearVersionedBodies();
  const again = (await versionedResponse(packedReq({ 'if-none-match': etag }), body('v1')))!;
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(builds).toBe(1);
  // The JSON form's tag does not stand for the packed bytes, nor the other way round.
  expect((await versionedResponse(req({ 'if-none-match': etag }), body('v1')))!.status).toBe(200);
  const changed = (await versionedResponse(packedReq({ 'if-none-match': etag }), body('v2')))!;
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
});

it('returns null when there is nothing, and does not cache a failed build', async () => {
  expect(await versionedResponse(req(), { key: 'k', version: 'v', build: async () => null })).toBeNull();
  expect(await versionedResponse(packedReq(), { key: 'k', version: 'v', build: async () => null })).toBeNull();
  await expect(versionedResponse(packedReq(), { key: 'k2', version: 'v', build: async () => { throw new Error('boom'); } })).rejects.toThrow('boom');
  await expect(versionedResponse(req(), { key: 'k3', version: 'v', build: async () => { throw new Error('boom'); } })).rejects.toThrow('boom');
  const ok = (await versionedResponse(req(), { key: 'k2', version: 'v', build: async () => '{}' }))!;
  expect(await ok.text()).toBe('{}');
  const ok3 = (await versionedResponse(packedReq(), { key: 'k3', version: 'v', build: async () => '[]' }))!;
  expect(await readPacked(ok3)).toEqual([]);
});

it('stays within its byte budget over both forms, dropping the least recently used body', async () => {
  const perEntry = json.length + zlib.gzipSync(json, { level: 6 }).length;
  process.env.EVOSCOPE_BODY_CACHE_MB = String((perEntry * 2.5) / 1024 ** 2);
  try {
    let builds = 0;
    const get = (key: string) => versionedResponse(packedReq(), { key, version: 'v', build: async () => (builds++, json) });
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

import { describe, expect, it } from 'vitest';
import { allowListFrom, checkRequest, parseHost, type GuardedRequest } from './requestGuard';

const local = allowListFrom({ PORT: '3000' }, () => ['box', '192.168.1.20']);
const req = (over: Partial<GuardedRequest>): GuardedRequest => ({
  method: 'POST',
  pathname: '/api/imports',
  host: '127.0.0.1:3000',
  origin: null,
  secFetchSite: null,
  ...over,
});

describe('checkRequest', () => {
  it('lets scripts (no Origin, no Sec-Fetch-Site) write on a loopback host', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(checkRequest(req({ host }), local), host).toBeNull();
    }
  });

  it('lets Evoscope\'s own pages write', () => {
    expect(checkRequest(req({ origin: 'http://127.0.0.1:3000', secFetchSite: 'same-origin' }), local)).toBeNull();
    expect(checkRequest(req({ host: 'localhost:3000', origin: 'http://localhost:3000' }), local)).toBeNull();
  });

  it('refuses cross-site and same-site writes, by Sec-Fetch-Site or by Origin', () => {
    expect(checkRequest(req({ secFetchSite: 'cross-site' }), local)?.status).toBe(403);
    expect(checkRequest(req({ secFetchSite: 'same-site', origin: 'http://localhost:8080' }), local)?.status).toBe(403);
    expect(checkRequest(req({ origin: 'http://evil.example' }), local)?.status).toBe(403);
    expect(checkRequest(req({ origin: 'http://127.0.0.1:3001' }), local)?.status).toBe(403);
    expect(checkRequest(req({ origin: 'null' }), local)?.status).toBe(403);
    expect(checkRequest(req({ method: 'PUT', pathname: '/api/imports/x/files', origin: 'http://evil.example' }), local)?.status).toBe(403);
    expect(checkRequest(req({ method: 'DELETE', pathname: '/api/runs/x', secFetchSite: 'cross-site' }), local)?.status).toBe(403);
  });

  it('lets cross-origin reads through (CORS keeps their answers from the foreign page)', () => {
    expect(checkRequest(req({ method: 'GET', pathname: '/api/runs', origin: 'http://evil.example', secFetchSite: 'cross-site' }), local)).toBeNull();
  });

  it('refuses a rebound DNS name (foreign Host) on every method and path, ingestion included', () => {
    for (const [method, pathname] of [['GET', '/settings'], ['GET', '/api/runs'], ['POST', '/api/ingest/runs'], ['POST', '/api/imports']]) {
      const r = checkRequest(req({ method, pathname, host: 'evil.example:3000', origin: 'http://evil.example:3000', secFetchSite: 'same-origin' }), local);
      expect(r?.status, `${method} ${pathname}`).toBe(403);
      expect(r?.error).toMatch(/host "evil\.example:3000" is not allowed/);
    }
    expect(checkRequest(req({ host: null }), local)?.status).toBe(403);
    expect(checkRequest(req({ host: '127.0.0.1:4000' }), local)?.status).toBe(403); // not our port
    expect(checkRequest(req({ host: 'box:3000' }), local)?.status).toBe(403); // only when binding every interface
  });

  it('exempts /api/ingest/** from the Origin check (bearer token), not from the Host check', () => {
    expect(checkRequest(req({ pathname: '/api/ingest/runs', origin: 'http://evil.example', secFetchSite: 'cross-site' }), local)).toBeNull();
    expect(checkRequest(req({ pathname: '/api/ingestion', origin: 'http://evil.example' }), local)?.status).toBe(403);
  });

  it('accepts the bound address, the machine\'s names when binding 0.0.0.0, and EVOSCOPE_ALLOWED_HOSTS', () => {
    const lan = allowListFrom({ HOST: '192.168.1.20', PORT: '8080' }, () => []);
    expect(checkRequest(req({ host: '192.168.1.20:8080' }), lan)).toBeNull();
    const all = allowListFrom({ HOST: '0.0.0.0', PORT: '3000' }, () => ['box', '192.168.1.20', 'fe80::1']);
    expect(checkRequest(req({ host: 'box:3000' }), all)).toBeNull();
    expect(checkRequest(req({ host: '[fe80::1]:3000' }), all)).toBeNull();
    expect(checkRequest(req({ host: 'evil.example:3000' }), all)?.status).toBe(403);
    const proxied = allowListFrom({ PORT: '3000', EVOSCOPE_ALLOWED_HOSTS: 'evo.example.org, other.example:8443' }, () => []);
    expect(checkRequest(req({ host: 'evo.example.org', origin: 'https://evo.example.org' }), proxied)).toBeNull();
    expect(checkRequest(req({ host: 'other.example:8443' }), proxied)).toBeNull();
    expect(checkRequest(req({ host: 'other.example:9000' }), proxied)?.status).toBe(403);
    expect(checkRequest(req({ host: 'evo.example.org', origin: 'https://evil.example' }), proxied)?.status).toBe(403);
  });
});

describe('parseHost', () => {
  it('splits names, IPv6 literals and ports, and rejects junk', () => {
    expect(parseHost('Example.org:81', 80)).toEqual({ name: 'example.org', port: 81 });
    expect(parseHost('[::1]:3000', 80)).toEqual({ name: '::1', port: 3000 });
    expect(parseHost('example.org', 80)).toEqual({ name: 'example.org', port: 80 });
    expect(parseHost('a b', 80)).toBeNull();
    expect(parseHost('x@evil:80', 80)).toBeNull();
  });
});

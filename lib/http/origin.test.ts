import { describe, expect, it } from 'vitest';
import { requestOrigin, sameOriginUrl } from './origin';

describe('requestOrigin', () => {
  it('is the Host the client used, not the URL the server reports', () => {
    const req = new Request('http://localhost:3000/api/x', { headers: { host: '127.0.0.1:3000' } });
    expect(requestOrigin(req)).toBe('http://127.0.0.1:3000');
    expect(sameOriginUrl(req, '/sign-in').href).toBe('http://127.0.0.1:3000/sign-in');
  });
  it('keeps https behind a proxy that says so', () => {
    const req = new Request('http://localhost:3000/', { headers: { host: 'evo.example.org', 'x-forwarded-proto': 'https' } });
    expect(requestOrigin(req)).toBe('https://evo.example.org');
  });
});

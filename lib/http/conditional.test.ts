import { describe, expect, it } from 'vitest';
import { etagOf, noneMatch, pickEncoding } from './conditional';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding(null)).toBe('identity');
    expect(pickEncoding('x-gzip')).toBe('gzip');
  });
});

describe('etags', () => {
  it('differ per encoding and match If-None-Match lists, weak or strong', () => {
    const plain = etagOf('run:2026-11-25T05:00:00.000Z:100', 'identity');
    const gz = etagOf('run:2026-11-25T05:00:00.000Z:100', 'gzip');
    expect(plain).not.toBe(gz);
    expect(plain).toMatch(/^"[A-Za-z0-9._:-]+"$/);
    expect(noneMatch(plain, plain)).toBe(true);
    expect(noneMatch(`"other", W/${gz}`, gz)).toBe(true);
    expect(noneMatch(`"other"`, gz)).toBe(false);
    expect(noneMatch('*', gz)).toBe(true);
    expect(noneMatch(null, gz)).toBe(false);
  });
});

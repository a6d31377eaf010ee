import { describe, expect, it } from 'vitest';
import { etagOf, noneMatch } from './conditional';

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

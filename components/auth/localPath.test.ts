import { describe, expect, it } from 'vitest';
import { localPath } from './localPath';

// What a browser does with the answer: resolve it against the current page.
const resolved = (p: string) => new URL(localPath(p), 'http://localhost:3000/sign-in').origin;

describe('localPath (the sign-in "next" guard)', () => {
  it.each(['/', '/runs', '/runs/abc?tab=board#x', '/settings/users', '/a//b', '/%2e%2e/runs'])('keeps the local path %s', (p) => {
    expect(localPath(p)).toBe(p);
  });

  it.each([
    ['tab', '/\t/localhost:9/pwned'],
    ['LF', '/\n/localhost:9/pwned'],
    ['CR', '/\r/localhost:9/pwned'],
    ['tab inside the slashes', '/\t\t/evil.example/x'],
    ['a leading tab', '\t//evil.example'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example/x'],
    ['backslash after a tab', '/\t\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: with a tab', 'java\tscript:alert(1)'],
    ['absolute URL', 'http://evil.example/'],
    ['NUL', '/\u0000/evil.example'],
    ['relative', 'runs'],
  ])('refuses %s', (_what, p) => {
    expect(localPath(p)).toBe('/');
  });

  it('never resolves to another origin, whatever the input', () => {
    const inputs = ['/\t/a.example', '/\n\\a.example', '/\r//a.example', '/ /a.example', '/\u000b/a.example', '/\u00a0/a.example'];
    for (const p of inputs) expect(resolved(p), JSON.stringify(p)).toBe('http://localhost:3000');
  });

  it('turns null, undefined and the empty string into /', () => {
    expect(localPath(null)).toBe('/');
    expect(localPath(undefined)).toBe('/');
    expect(localPath('')).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { authMode, isLoopbackHost, publicWithoutAccountMessage } from './mode';
import { isPublicPage } from './pageGate';

describe('modes', () => {
  it('loopback: HOST unset, 127.x, ::1, localhost; anything else is public', () => {
    for (const h of [undefined, '', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', ' LOCALHOST ']) expect(isLoopbackHost(h), String(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', 'evo.example.org', '127.0.0.1.example.org']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('single-user only on loopback with no account', () => {
    expect(authMode(false, undefined)).toBe('single-user');
    expect(authMode(true, undefined)).toBe('accounts');
    expect(authMode(false, '0.0.0.0')).toBe('accounts');
  });

  it('the start-up refusal names the command that creates an owner', () => {
    expect(publicWithoutAccountMessage('0.0.0.0')).toMatch(/HOST=0\.0\.0\.0.*\n.*npm run evoscope -- user add --email .* --role owner/);
  });

  it('only sign-in, invitations and share links are open pages', () => {
    for (const p of ['/sign-in', '/invite/evi_x', '/share/evs_x', '/icon.svg']) expect(isPublicPage(p), p).toBe(true);
    for (const p of ['/', '/settings', '/settings/users', '/runs/x', '/sign-in/../settings', '/invite/a/b', '/upload']) expect(isPublicPage(p), p).toBe(false);
  });
});

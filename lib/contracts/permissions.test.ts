import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, refusal, ROLE_PERMISSIONS, type Actor } from './permissions';

const user = { id: 'u1', email: 'a@example.org', name: 'A' };
const as = (role: 'owner' | 'member' | 'viewer'): Actor => ({ kind: 'user', user, role });

describe('permissions', () => {
  it('owner has everything, member the team work, viewer reads', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    for (const p of ['upload', 'jobs', 'label', 'comment', 'read'] as const) expect(can(as('member'), p)).toBe(true);
    for (const p of ['users', 'settings', 'delete'] as const) expect(can(as('member'), p)).toBe(false);
    expect(PERMISSIONS.filter((p) => can(as('viewer'), p))).toEqual(['public', 'read', 'account']);
  });

  it('local (single-user) may do everything', () => {
    expect(PERMISSIONS.every((p) => can({ kind: 'local' }, p))).toBe(true);
  });

  it('a token holds its scopes, capped by its owner role', () => {
    const t = (role: 'owner' | 'viewer', scopes: ('read' | 'ingest' | 'jobs')[]): Actor => ({ kind: 'token', user, role, scopes, tokenId: 't' });
    expect(can(t('owner', ['read']), 'read')).toBe(true);
    expect(can(t('owner', ['read']), 'ingest')).toBe(false);
    expect(can(t('owner', ['ingest']), 'ingest')).toBe(true);
    expect(can(t('owner', ['ingest']), 'read')).toBe(false);
    expect(can(t('viewer', ['ingest', 'read']), 'ingest')).toBe(false);
    expect(can(t('owner', ['read', 'ingest', 'jobs']), 'settings')).toBe(false);
    expect(refusal(t('viewer', ['ingest']), 'ingest')?.error).toMatch(/a@example\.org is a viewer/);
    expect(refusal(t('owner', ['read']), 'jobs')?.error).toMatch(/scopes \(read\) do not allow running jobs/);
  });

  it('a share link reads its own run only', () => {
    const s: Actor = { kind: 'share', runId: 'r1', shareLinkId: 's' };
    expect(can(s, 'read', 'r1')).toBe(true);
    expect(can(s, 'read', 'r2')).toBe(false);
    expect(can(s, 'read')).toBe(false);
    expect(can(s, 'comment', 'r1')).toBe(false);
    expect(refusal(s, 'read', 'r2')).toEqual({ status: 403, error: 'this share link gives read access to one run only' });
  });

  it('nobody: 401; public needs nobody; a viewer uploading: 403 naming the role', () => {
    expect(refusal(null, 'read')?.status).toBe(401);
    expect(refusal(null, 'public')).toBeNull();
    expect(refusal(as('viewer'), 'upload')).toEqual({ status: 403, error: 'you are signed in as a viewer: uploading runs is not allowed for that role' });
    expect(refusal(as('member'), 'users')?.error).toMatch(/member: managing users/);
  });
});

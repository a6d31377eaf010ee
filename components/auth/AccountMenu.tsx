'use client';
// The header's account corner: who is signed in (better-auth's get-session), the owners' Users
// link, Sign out. Nothing in single-user mode (no session exists there).
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { SESSION_URL } from '@/lib/contracts/api/headerUrls';

interface SessionUser {
  email: string;
  role?: string;
}

export function AccountMenu() {
  const [user, setUser] = useState<SessionUser | null>(null);
  useEffect(() => {
    // No request headers: the layout's preload of the same URL serves it.
    fetch(SESSION_URL)
      .then((r) => (r.ok ? r.json() : null))
      .then((s: { user?: SessionUser } | null) => setUser(s?.user ?? null))
      .catch(() => setUser(null));
  }, []);
  if (!user) return null;
  async function signOut() {
    await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    window.location.assign('/sign-in');
  }
  return (
    <span className="account" data-testid="account-menu">
      {user.role === 'owner' && (
        <Link href="/settings/users" prefetch={false}>
          Users
        </Link>
      )}
      <span>
        {user.email} <span className="muted">({user.role})</span>
      </span>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
    </span>
  );
}

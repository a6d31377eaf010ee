'use client';
// The header's account corner: who is signed in (better-auth's get-session), the owners' Users
// link, Sign out. Nothing in single-user mode (no session exists there).
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { SESSION_URL } from '@/lib/contracts/api/headerUrls';
import { apiFetch } from '../ui/apiFetch';

interface SessionUser {
  email: string;
  role?: string;
}

export function AccountMenu() {
  const [user, setUser] = useState<SessionUser | null>(null);
  useEffect(() => {
    // A GET has no request headers: the layout's preload of the same URL serves it.
    apiFetch<{ user?: SessionUser } | null>(SESSION_URL).then(
      (s) => setUser(s?.user ?? null),
      () => setUser(null),
    );
  }, []);
  if (!user) return null;
  async function signOut() {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => {}); // signed out or not, to the sign-in page
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

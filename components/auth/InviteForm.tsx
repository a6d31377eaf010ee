'use client';
// An invited user sets a password (twice), then signs in.
import Link from 'next/link';
import { useState } from 'react';
import { apiFetch, errorText } from '../ui/apiFetch';

export function InviteForm({ token, email }: { token: string; email: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get('password') !== form.get('again')) {
      setError('The two passwords differ.');
      return;
    }
    try {
      await apiFetch('/api/invitations/accept', { method: 'POST', body: { token, password: form.get('password') } });
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  }
  if (done) {
    return (
      <p role="status" className="ok">
        Password set for {email}. <Link href="/sign-in">Sign in</Link>.
      </p>
    );
  }
  return (
    <form className="panel auth-form" onSubmit={submit} aria-label="Set your password">
      <label>
        Email
        <input type="email" value={email} readOnly autoComplete="username" />
      </label>
      <label>
        New password (at least 8 characters)
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <label>
        Again
        <input name="again" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <div className="row">
        <button type="submit">Set password</button>
        {error && (
          <span className="error" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

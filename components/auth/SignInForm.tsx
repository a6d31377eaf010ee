'use client';
// Email + password through better-auth's /api/auth/sign-in/email; then on to where the visitor
// was going (a local path only). Wrong password, rate limit, disabled account: the server's words.
import { useState } from 'react';
import { localPath } from './localPath';
import { messageOf, sendJson } from './postJson';

export function SignInForm({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const r = await sendJson('/api/auth/sign-in/email', 'POST', { email: form.get('email'), password: form.get('password') });
    setBusy(false);
    if (r.ok) {
      window.location.assign(localPath(next));
      return;
    }
    if (r.status === 401) setError('Wrong email or password.');
    else if (r.status === 429) setError('Too many sign-in attempts from here: wait a minute and try again.');
    else setError(messageOf(r));
  }
  return (
    <form className="panel auth-form" onSubmit={submit} aria-label="Sign in">
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <div className="row">
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <span className="error" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

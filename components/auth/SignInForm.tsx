'use client';
// Email + password through better-auth's /api/auth/sign-in/email; then on to where the visitor
// was going (a local path only). Wrong password, rate limit, disabled account: the server's words.
import { useState } from 'react';
import { localPath } from './localPath';
import { apiFetch, errorText, HttpError } from '../ui/apiFetch';

export function SignInForm({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: { email: form.get('email'), password: form.get('password') } });
    } catch (err) {
      setBusy(false);
      const status = err instanceof HttpError ? err.status : null;
      if (status === 401) setError('Wrong email or password.');
      else if (status === 429) setError('Too many sign-in attempts from here: wait a minute and try again.');
      else setError(errorText(err));
      return;
    }
    setBusy(false);
    window.location.assign(localPath(next));
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

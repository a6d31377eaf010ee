'use client';
// The owners' users page: invite (an account with a password, or an invitation link shown once),
// change a role, disable/enable, a fresh invitation link. The server refuses what may not be done
// (the last owner, a member trying) and its message is shown as is.
import { useState } from 'react';
import type { UserView } from '@/lib/contracts/api/accounts';
import { ROLES, type Role } from '@/lib/contracts/permissions';
import { SecretOnce } from './SecretOnce';
import { apiFetch, errorText } from '../ui/apiFetch';
import { Table } from '../ui/Table';

export function UsersPanel({ initial, me }: { initial: UserView[]; me: string | null }) {
  const [users, setUsers] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [invite, setInvite] = useState<{ email: string; url: string } | null>(null);
  const [turnedOn, setTurnedOn] = useState<string | null>(null);

  async function reload() {
    try {
      setUsers((await apiFetch<{ users: UserView[] }>('/api/users')).users);
    } catch {
      // the list stays as it was
    }
  }
  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const password = String(form.get('password') ?? '');
    setError(null);
    setInvite(null);
    let r: { user: UserView; inviteUrl?: string };
    try {
      r = await apiFetch('/api/users', {
        method: 'POST',
        body: { email: form.get('email'), name: form.get('name') || undefined, role: form.get('role'), password: password || undefined },
      });
    } catch (err) {
      return setError(errorText(err));
    }
    const user = r.user;
    // The first account turns sign-in on: from now on this browser needs a session too.
    if (users.length === 0) return setTurnedOn(user.email);
    if (r.inviteUrl) setInvite({ email: user.email, url: String(r.inviteUrl) });
    formEl.reset();
    await reload();
  }
  async function change(id: string, body: { role?: Role; disabled?: boolean }) {
    setError(null);
    await apiFetch(`/api/users/${id}`, { method: 'PATCH', body }).catch((err) => setError(errorText(err)));
    await reload();
  }
  async function reinvite(u: UserView) {
    try {
      const r = await apiFetch<{ inviteUrl: string }>(`/api/users/${u.id}/invitation`, { method: 'POST' });
      setInvite({ email: u.email, url: String(r.inviteUrl) });
    } catch (err) {
      setError(errorText(err));
    }
  }

  if (turnedOn) {
    return (
      <p role="status" className="ok">
        Accounts are on: every page and API route now needs a session or a token.{' '}
        <a href="/sign-in?next=%2Fsettings%2Fusers">Sign in as {turnedOn}</a> to add others.
      </p>
    );
  }
  return (
    <>
      <form className="panel auth-form" onSubmit={create} aria-label="Add a user">
        <h2 style={{ margin: 0 }}>Add a user</h2>
        <label>
          Email
          <input name="email" type="email" required />
        </label>
        <label>
          Name (optional)
          <input name="name" type="text" maxLength={100} />
        </label>
        <label>
          Role
          <select name="role" defaultValue={users.length ? 'member' : 'owner'}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Password (optional: leave empty to get an invitation link instead)
          <input name="password" type="password" autoComplete="new-password" minLength={8} />
        </label>
        <div className="row">
          <button type="submit">Add user</button>
        </div>
      </form>
      {invite && <SecretOnce label={`Invitation link for ${invite.email}`} value={invite.url} testId="invite-url" />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <h2>Accounts</h2>
      <Table
        label="Users"
        rows={users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ 'data-testid': `user-${u.email}` })}
        columns={[
          {
            key: 'email',
            header: 'Email',
            cell: (u) => (
              <>
                {u.email}
                {u.id === me && <span className="muted"> (you)</span>}
              </>
            ),
          },
          { key: 'name', header: 'Name', cell: (u) => u.name },
          {
            key: 'role',
            header: 'Role',
            cell: (u) => (
              <select aria-label={`Role of ${u.email}`} value={u.role} onChange={(e) => change(u.id, { role: e.target.value as Role })}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            ),
          },
          {
            key: 'state',
            header: 'State',
            cell: (u) => (u.disabled ? <span className="tag bad">disabled</span> : u.hasPassword ? <span className="tag ok">active</span> : <span className="tag">invited</span>),
          },
          {
            key: 'actions',
            header: '',
            className: 'row',
            cell: (u) => (
              <>
                <button type="button" onClick={() => change(u.id, { disabled: !u.disabled })}>
                  {u.disabled ? `Enable ${u.email}` : `Disable ${u.email}`}
                </button>
                {!u.hasPassword && !u.disabled && (
                  <button type="button" onClick={() => reinvite(u)}>
                    New invitation link
                  </button>
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

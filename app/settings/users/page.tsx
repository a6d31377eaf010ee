// /settings/users - accounts and roles (owners; in single-user mode: create the first owner here)
import Link from 'next/link';
import { UsersPanel } from '@/components/auth/UsersPanel';
import { pageActor } from '@/lib/auth/pageActor';
import { actorUser, can } from '@/lib/auth/permissions';
import { listUsers } from '@/lib/auth/users';
import { listAudit } from '@/lib/db/audit';

export const metadata = { title: 'Users' };
export const dynamic = 'force-dynamic';

export default async function UsersPage() {
  const actor = await pageActor();
  if (!actor || !can(actor, 'users')) {
    return (
      <>
        <h1>Users</h1>
        <p className="error" role="alert">
          Only an owner can manage users. <Link href="/">Back to the runs</Link>.
        </p>
      </>
    );
  }
  const [users, audit] = await Promise.all([listUsers(), listAudit({ limit: 30 })]);
  return (
    <>
      <div className="crumbs">
        <Link href="/settings">Settings</Link> /
      </div>
      <h1>Users</h1>
      <p className="subtitle">
        Owners manage users and settings and may delete; members upload, run jobs, label and comment; viewers read.
        {users.length === 0 &&
          ' No account exists: this Evoscope is single-user. The first account must be an owner; from then on everyone signs in (you too, with it).'}
      </p>
      <UsersPanel initial={users} me={actorUser(actor)?.id ?? null} />
      <h2>Audit log</h2>
      {audit.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data" aria-label="Audit log">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>Action</th>
                <th>Target</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((a) => (
                <tr key={a.id}>
                  <td>{a.at.replace('T', ' ').slice(0, 19)}</td>
                  <td>{a.actorEmail ?? a.actorKind}</td>
                  <td>{a.action}</td>
                  <td className="mono">
                    {a.targetKind} {a.targetId}
                  </td>
                  <td className="wrap mono">{JSON.stringify(a.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

// /settings/users - accounts and roles (owners; in single-user mode: create the first owner here)
import Link from 'next/link';
import { UsersPanel } from '@/components/auth/UsersPanel';
import { pageActor } from '@/lib/http/auth/pageActor';
import { actorUser, can } from '@/lib/contracts/permissions';
import { listUsers } from '@/lib/services/accounts/users';

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
  const users = await listUsers();
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
      <p>
        Imports, deletions, relabelling, review statuses, role changes, tokens and share links:{' '}
        <Link href="/settings/audit">the audit log</Link>.
      </p>
    </>
  );
}

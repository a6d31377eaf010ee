// /invite/[token] - an invited account sets its password (the link works once, for 7 days)
import { InviteForm } from '@/components/auth/InviteForm';
import { invitationUser } from '@/lib/services/accounts/users';

export const metadata = { title: 'Invitation' };
export const dynamic = 'force-dynamic';

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await invitationUser(token);
  return (
    <>
      <h1>Invitation</h1>
      {user ? (
        <>
          <p className="subtitle">
            You were invited to this Evoscope as a {user.role}. Choose a password for {user.email}.
          </p>
          <InviteForm token={token} email={user.email} />
        </>
      ) : (
        <p className="error" role="alert">
          This invitation link is not valid: it was used already, or expired, or the account was disabled. Ask an owner for a new one.
        </p>
      )}
    </>
  );
}

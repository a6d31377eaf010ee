// /sign-in - email and password; in single-user mode there is nothing to sign in to (says so)
import Link from 'next/link';
import { SignInForm } from '@/components/auth/SignInForm';
import { currentMode } from '@/lib/http/auth/actor';
import { USER_ADD_COMMAND } from '@/lib/http/auth/mode';

export const metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = (await searchParams).next;
  if ((await currentMode()) === 'single-user') {
    return (
      <>
        <h1>Sign in</h1>
        <p className="subtitle">
          This Evoscope is single-user (served on this machine only, no account yet): nothing to sign in to. <Link href="/">Go to the runs</Link>.
        </p>
        <p className="muted">
          To turn accounts on, create the first owner: <code>{USER_ADD_COMMAND}</code> (or on <Link href="/settings/users">Settings · Users</Link>).
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Sign in</h1>
      <p className="subtitle">This Evoscope has accounts. No account yet? Ask an owner for an invitation.</p>
      <SignInForm next={typeof next === 'string' ? next : null} />
    </>
  );
}

import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CreateSessionForm, type ReviewerOption } from '@/components/review/CreateSessionForm';
import { SessionsTable } from '@/components/review/SessionsTable';
import { currentMode, sessionActor } from '@/lib/http/auth/actor';
import { actorUser, can } from '@/lib/contracts/permissions';
import { reviewerChoices, reviewRunChoices } from '@/lib/db/reviewChoices';
import { listReviewSessions } from '@/lib/db/reviews';
import { LOCAL_REVIEWER } from '@/lib/review/reviewer';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Review sessions' };

// /review?run= - blind-labelling sessions (progress per reviewer, review, agreement, export,
// import) and, for those who may create them ('review-admin'), the form for a new one.
export default async function ReviewSessionsPage({ searchParams }: { searchParams: Promise<{ run?: string | string[] }> }) {
  const rawRun = (await searchParams).run;
  const run = (Array.isArray(rawRun) ? rawRun[0] : rawRun) ?? null;
  const single = (await currentMode()) === 'single-user';
  const actor = single ? ({ kind: 'local' } as const) : await sessionActor(await headers());
  const me = actor?.kind === 'local' ? LOCAL_REVIEWER : actor ? actorUser(actor)?.id ?? null : null;
  const admin = actor !== null && can(actor, 'review-admin');
  const [sessions, runs, users] = await Promise.all([listReviewSessions(), admin ? reviewRunChoices() : Promise.resolve([]), single ? [] : reviewerChoices()]);
  const reviewers: ReviewerOption[] = single ? [{ id: LOCAL_REVIEWER, label: 'local (this workbench)' }] : users.map((u) => ({ id: u.id, label: `${u.name} <${u.email}>` }));
  return (
    <>
      <h1>Review sessions</h1>
      <p className="subtitle">
        Blind labelling of sampled edits: reviewers see the diff and the language only, never the scores, the judges&apos; or each
        other&apos;s labels. The agreement page compares them once a reviewer has finished.
      </p>
      {sessions.length === 0 ? (
        <p className="muted">No review session yet.</p>
      ) : (
        <SessionsTable sessions={sessions} me={me} admin={admin} reviewers={reviewers} />
      )}
      {admin && (
        <>
          <h2>New review session</h2>
          <CreateSessionForm runs={runs} reviewers={reviewers} me={me} initialRun={run} />
        </>
      )}
    </>
  );
}

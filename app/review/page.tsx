import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { CreateSessionForm, type ReviewerOption } from '@/components/review/CreateSessionForm';
import { ImportGoldForm } from '@/components/review/ImportGoldForm';
import { SessionAdmin } from '@/components/review/SessionAdmin';
import { formatDate } from '@/components/ui/format';
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
        <table className="data" aria-label="Review sessions">
          <thead>
            <tr>
              <th>Session</th>
              <th>Runs</th>
              <th>Sampling</th>
              <th className="num">Edits</th>
              <th>Reviewers (labelled + skipped of edits)</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} data-testid={`review-session-${s.id}`}>
                <td className="wrap">
                  {me && s.reviewers.some((r) => r.reviewer === me) ? <Link href={`/review/${s.id}`}>{s.name}</Link> : s.name}
                  <div className="muted" style={{ fontSize: '0.8rem' }}>{formatDate(s.createdAt)}</div>
                </td>
                <td className="wrap">
                  {s.runs.map((r, i) => (
                    <span key={r.id}>
                      {i > 0 && ', '}
                      <Link href={`/runs/${r.id}`}>{r.name}</Link>
                    </span>
                  ))}
                </td>
                <td>
                  {s.sampling}
                  {s.judge && <div className="muted mono" style={{ fontSize: '0.8rem' }}>{s.judge}</div>}
                </td>
                <td className="num">{s.items}</td>
                <td className="wrap">
                  {s.reviewers.map((r) => (
                    <div key={r.reviewer}>
                      {r.name}: {r.labelled} + {r.skipped} of {s.items}{' '}
                      <a href={`/api/reviews/${s.id}/export?reviewer=${encodeURIComponent(r.reviewer)}`} style={{ fontSize: '0.8rem' }}>
                        export JSONL
                      </a>
                    </div>
                  ))}
                </td>
                <td className="wrap">
                  <Link href={`/review/${s.id}/agreement`}>Agreement</Link>
                  {admin && (
                    <>
                      <ImportGoldForm sessionId={s.id} reviewers={reviewers} />
                      <SessionAdmin sessionId={s.id} name={s.name} unassigned={reviewers.filter((r) => !s.reviewers.some((x) => x.reviewer === r.id))} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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

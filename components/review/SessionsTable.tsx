'use client';
// The review sessions list (/review): a session's runs, sampling, edits, each reviewer's progress
// with their export, and the agreement link; admins also import labels and manage the session.
import Link from 'next/link';
import type { ReviewSessionInfo } from '@/lib/review/sessionTypes';
import { formatDate } from '../ui/format';
import { Table } from '../ui/Table';
import type { ReviewerOption } from './CreateSessionForm';
import { ImportGoldForm } from './ImportGoldForm';
import { SessionAdmin } from './SessionAdmin';

export function SessionsTable({ sessions, me, admin, reviewers }: { sessions: ReviewSessionInfo[]; me: string | null; admin: boolean; reviewers: ReviewerOption[] }) {
  return (
    <Table
      label="Review sessions"
      wrap={false}
      rows={sessions}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ 'data-testid': `review-session-${s.id}` })}
      columns={[
        {
          key: 'session',
          header: 'Session',
          className: 'wrap',
          cell: (s) => (
            <>
              {me && s.reviewers.some((r) => r.reviewer === me) ? <Link href={`/review/${s.id}`}>{s.name}</Link> : s.name}
              <div className="muted" style={{ fontSize: '0.8rem' }}>{formatDate(s.createdAt)}</div>
            </>
          ),
        },
        {
          key: 'runs',
          header: 'Runs',
          className: 'wrap',
          cell: (s) =>
            s.runs.map((r, i) => (
              <span key={r.id}>
                {i > 0 && ', '}
                <Link href={`/runs/${r.id}`}>{r.name}</Link>
              </span>
            )),
        },
        {
          key: 'sampling',
          header: 'Sampling',
          cell: (s) => (
            <>
              {s.sampling}
              {s.judge && <div className="muted mono" style={{ fontSize: '0.8rem' }}>{s.judge}</div>}
            </>
          ),
        },
        { key: 'edits', header: 'Edits', numeric: true, cell: (s) => s.items },
        {
          key: 'reviewers',
          header: 'Reviewers (labelled + skipped of edits)',
          className: 'wrap',
          cell: (s) =>
            s.reviewers.map((r) => (
              <div key={r.reviewer}>
                {r.name}: {r.labelled} + {r.skipped} of {s.items}{' '}
                <a href={`/api/reviews/${s.id}/export?reviewer=${encodeURIComponent(r.reviewer)}`} style={{ fontSize: '0.8rem' }}>
                  export JSONL
                </a>
              </div>
            )),
        },
        {
          key: 'actions',
          header: '',
          className: 'wrap',
          cell: (s) => (
            <>
              <Link href={`/review/${s.id}/agreement`}>Agreement</Link>
              {admin && (
                <>
                  <ImportGoldForm sessionId={s.id} reviewers={reviewers} />
                  <SessionAdmin sessionId={s.id} name={s.name} unassigned={reviewers.filter((r) => !s.reviewers.some((x) => x.reviewer === r.id))} />
                </>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

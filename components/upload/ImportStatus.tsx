'use client';
// Live status of one import (polls /api/imports/[id] until it has ended or waits for the user).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { ImportJobView } from '@/lib/contracts/api/imports';
import { apiFetch, errorText } from '../ui/apiFetch';
import { ProgressBar } from '../ui/ProgressBar';
import { duplicateNotice } from './duplicateNoticeModel';
import { importProgressView } from './importProgressModel';
import { importAgain } from './uploadClient';

// Type only: erased at build time, so no server code reaches the browser.
type ImportJob = ImportJobView;

/** Statuses after which nothing changes unless the user acts. */
const SETTLED = ['succeeded', 'failed', 'duplicate'];

export function ImportStatus({ importId }: { importId: string }) {
  const queryKey = ['import', importId];
  const { data, error } = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<ImportJob>(`/api/imports/${importId}`, { signal }),
    refetchInterval: (q) => (q.state.data && SETTLED.includes(q.state.data.status) ? false : 400),
  });
  if (error) return <p className="alert" role="alert">{(error as Error).message}</p>;
  if (!data) return <p className="muted">Loading import status…</p>;
  const progress = importProgressView(data);
  return (
    <section className="panel" data-testid="import-status" data-status={data.status} aria-live="polite">
      <h2 style={{ marginTop: 0 }}>Import of {data.sourceName}</h2>
      {data.status === 'failed' ? (
        <p className="alert" role="alert" data-testid="import-error">
          Import failed: {data.error}
          {'\n'}Nothing of it was stored; runs imported before are untouched.
        </p>
      ) : data.status === 'duplicate' ? (
        <DuplicateNotice job={data} queryKey={queryKey} />
      ) : data.status === 'succeeded' ? (
        <div data-testid="import-done">
          <p className="ok">Imported {data.runs.length} run{data.runs.length === 1 ? '' : 's'}:</p>
          <ul>
            {data.runs.map((r) => (
              <li key={r.id}>
                <Link href={`/runs/${r.id}`}>{r.name}</Link> <span className="muted">({r.programs} programs)</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <p>{progress.text}</p>
          <ProgressBar testId="import-progress" label={progress.bar.label} value={progress.bar.value} max={progress.bar.max} />
        </>
      )}
    </section>
  );
}

/** The upload repeats stored runs: open one of them, or store it anyway ("Import again"). */
function DuplicateNotice({ job, queryKey }: { job: ImportJob; queryKey: string[] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = duplicateNotice(job.duplicateOf);
  const again = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await importAgain(job.id);
      await queryClient.invalidateQueries({ queryKey }); // queued again: polling resumes
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="import-duplicate">
      <p>
        <span className="tag warn">already imported</span> Nothing of it was stored.
      </p>
      {notice.lead && <p>{notice.lead}</p>}
      <ul>
        {notice.runs.map((r) => (
          <li key={r.id} data-testid="duplicate-of">
            {r.text} <Link href={r.href}>Open it</Link>
          </li>
        ))}
      </ul>
      <button type="button" onClick={again} disabled={busy}>
        Import again
      </button>{' '}
      <span className="muted">stores it anyway, as {job.duplicateOf.length > 1 ? 'new runs' : 'a new run'}.</span>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

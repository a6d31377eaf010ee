'use client';
// Live status of one import (polls /api/imports/[id] until it has ended).
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ImportJobView } from '@/lib/contracts/api/imports';
import { apiFetch } from '../ui/apiFetch';
import { ProgressBar } from '../ui/ProgressBar';
import { importProgressView } from './importProgressModel';

// Type only: erased at build time, so no server code reaches the browser.
type ImportJob = ImportJobView;

export function ImportStatus({ importId }: { importId: string }) {
  const { data, error } = useQuery({
    queryKey: ['import', importId],
    queryFn: ({ signal }) => apiFetch<ImportJob>(`/api/imports/${importId}`, { signal }),
    refetchInterval: (q) => (q.state.data && ['succeeded', 'failed'].includes(q.state.data.status) ? false : 400),
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

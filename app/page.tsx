import Link from 'next/link';
import { Suspense } from 'react';
import { RunsTable } from '@/components/runs/RunsTable';

export default function RunsPage() {
  return (
    <>
      <h1>Runs</h1>
      <p className="subtitle">Every imported evolutionary coding run. Click a column to sort, a name to open the run.{' '}
        Across runs: <Link href="/generalization" prefetch={false}>public vs private (Tables 11-12)</Link>.
      </p>
      {/* The table reads its search, filters and sort from the URL (useSearchParams). */}
      <Suspense fallback={<p className="muted" role="status">Loading runs…</p>}>
        <RunsTable />
      </Suspense>
    </>
  );
}

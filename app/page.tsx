import Link from 'next/link';
import { RunsTable } from '@/components/runs/RunsTable';

export default function RunsPage() {
  return (
    <>
      <h1>Runs</h1>
      <p className="subtitle">Every imported evolutionary coding run. Click a column to sort, a name to open the run.{' '}
        Across runs: <Link href="/generalization" prefetch={false}>public vs private (Tables 11-12)</Link>.
      </p>
      <RunsTable />
    </>
  );
}

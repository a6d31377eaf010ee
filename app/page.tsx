import { RunsTable } from '@/components/runs/RunsTable';

export default function RunsPage() {
  return (
    <>
      <h1>Runs</h1>
      <p className="subtitle">Every imported evolutionary coding run. Click a column to sort, a name to open the run.</p>
      <RunsTable />
    </>
  );
}

// /runs/[runId]/database - the search's own programs database (issue 12): config, islands as lanes
// over time, one island's clusters and their sampling probabilities at a chosen moment, counters
import { notFound } from 'next/navigation';
import { DatabaseView } from '@/components/database/DatabaseView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<{ at?: string; island?: string }> };

export const generateMetadata = runViewMetadata('Database');

function intOrNull(v: string | undefined): number | null {
  return v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : null;
}

export default async function DatabasePage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const q = await searchParams;
  return (
    <>
      <RunViewHeader run={run} title="Database">
        <p className="subtitle">
          {run.name} · the search&apos;s programs database: islands, resets and migrations, clusters sampled at the cyclic temperature, counters and cost.
        </p>
      </RunViewHeader>
      <DatabaseView runId={run.id} initialSeq={intOrNull(q.at)} initialIsland={intOrNull(q.island)} scoreMetric={run.scoreMetric ?? run.metricKeys[0] ?? null} />
    </>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LineageExplorer } from '@/components/lineage/LineageExplorer';
import { parseLineageView } from '@/components/lineage/viewState';
import { RunNav } from '@/components/run/RunNav';
import { graphUrl } from '@/lib/contracts/api/graph';
import { packedUrl } from '@/lib/contracts/wire/packedBody';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ runId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};


export const generateMetadata = runViewMetadata('Lineage');

export default async function LineagePage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  return (
    <>
      {/* The graph is the big download: start it with the HTML, not after hydration. */}
      <link rel="preload" href={packedUrl(graphUrl(run.id))} as="fetch" crossOrigin="anonymous" />
      <div className="crumbs">
        <Link href="/" prefetch={false}>Runs</Link> / <Link href={`/runs/${run.id}`} prefetch={false}>{run.name}</Link> /
      </div>
      <h1>Lineage</h1>
      <RunNav runId={run.id} strategies={run.strategyCount > 0} />
      <LineageExplorer runId={run.id} initial={parseLineageView(await searchParams)} metricKeys={run.metricKeys} />
    </>
  );
}

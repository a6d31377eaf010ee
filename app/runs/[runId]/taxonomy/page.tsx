// /runs/[runId]/taxonomy?judge=<key>&label=<label> - what kind of edit was it (paper §5.1, Figure 4)
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { TaxonomyView } from '@/components/taxonomy/TaxonomyView';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = runViewMetadata('Edit types');

export default async function TaxonomyPage({ params }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  return (
    <>
      <RunViewHeader run={run} title="Edit types">
        <p className="subtitle">
          {run.name} · every parent→child edit labelled with the paper&apos;s nine edit types: which are frequent, and which go with improvements.{' '}
          <Link href={`/review?run=${run.id}`}>Review edits</Link> blind to check a judge against people.
        </p>
      </RunViewHeader>
      <TaxonomyView runId={run.id} />
    </>
  );
}

// /runs/[runId]/generalization - public vs private scores along the run's best-so-far chain (paper §5.3, B.7)
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { GeneralizationView } from '@/components/generalization/GeneralizationView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }> };

export const generateMetadata = runViewMetadata('Public vs private');

export default async function GeneralizationPage({ params }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  return (
    <>
      <RunViewHeader run={run} title="Public vs private">
        <p className="subtitle">
          {run.name} · does the public best-so-far chain generalise? Each program that set a new public best, re-scored on the
          evaluator&apos;s private test set. All runs: <Link href="/generalization">Tables 11-12</Link>.
        </p>
      </RunViewHeader>
      <GeneralizationView runId={run.id} />
    </>
  );
}

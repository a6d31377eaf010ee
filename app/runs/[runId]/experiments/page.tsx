// /runs/[runId]/experiments - the run's replays, tunings (ceilings against the best-so-far curve) and ablations (issue 11)
import { notFound } from 'next/navigation';
import { RunExperimentsView } from '@/components/experiments/RunExperimentsView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { latestEvaluator } from '@/lib/db/evaluationBatches';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }> };

export const generateMetadata = runViewMetadata('Experiments');

export default async function ExperimentsPage({ params }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  return (
    <>
      <RunViewHeader run={run} title="Experiments">
        <p className="subtitle">
          {run.name} · replays of breakthrough prompts (§5.3), the tuning gap (§5.4) and ablations of edits. Start one from a program page.
        </p>
      </RunViewHeader>
      <RunExperimentsView runId={run.id} scoreMetric={run.scoreMetric ?? 'score'} hasEvaluator={(await latestEvaluator(run.id)) !== null} />
    </>
  );
}

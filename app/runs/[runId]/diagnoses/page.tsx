// /runs/[runId]/diagnoses - the eval agent's diagnoses of the run (issue 13): on the best-so-far timeline, in a table, and a form to diagnose the plateau
import { notFound } from 'next/navigation';
import { RunDiagnosesView } from '@/components/diagnoses/RunDiagnosesView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { pageActor } from '@/lib/http/auth/pageActor';
import { can } from '@/lib/contracts/permissions';
import { listDiagnoses } from '@/lib/db/diagnoses';
import { latestEvaluator } from '@/lib/db/evaluationBatches';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// ?at=&k= (the plateau table's "Diagnose" link): the form's trigger generation and K.
const wholeNumber = (v: string | string[] | undefined) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

export const generateMetadata = runViewMetadata('Diagnoses');

export default async function DiagnosesPage({ params, searchParams }: Props) {
  const query = await searchParams;
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const [actor, evaluator] = await Promise.all([pageActor(), latestEvaluator(run.id)]);
  return (
    <>
      <RunViewHeader run={run} title="Diagnoses">
        <p className="subtitle">
          {run.name} · why it stalled: the eval agent&apos;s reports (Hypothesis / Experiment / Verdict / Direction), each number linked to the tool call that measured it.
        </p>
      </RunViewHeader>
      <RunDiagnosesView runId={run.id} scoreMetric={run.scoreMetric ?? 'score'} initial={await listDiagnoses(run.id)} canStart={actor !== null && can(actor, 'jobs', run.id)}
        hasEvaluator={evaluator !== null} initialAt={wholeNumber(query.at)} initialK={wholeNumber(query.k)} />
    </>
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ScoreChart } from '@/components/chart/ScoreChart';
import { EvaluatorPanel } from '@/components/evaluators/EvaluatorPanel';
import { ProgramsTable } from '@/components/programs/ProgramsTable';
import { BestChainRerun } from '@/components/rerun/BestChainRerun';
import { DuplicatesPanel } from '@/components/run/DuplicatesPanel';
import { LiveRefresh } from '@/components/run/LiveRefresh';
import { RunHeadline } from '@/components/run/RunHeadline';
import { RunNav } from '@/components/run/RunNav';
import { formatDate } from '@/components/ui/format';
import { plateauKSchema } from '@/lib/api/plateaus';
import { initialChartMetric, pointsUrl } from '@/lib/api/points';
import { packedUrl } from '@/lib/http/packedBody';
import { pool } from '@/lib/db/client';
import { chainRerunState } from '@/lib/db/evaluationBatches';
import { listEvaluators } from '@/lib/db/evaluators';
import { ShareLinksPanel } from '@/components/auth/ShareLinksPanel';
import { pageActor } from '@/lib/auth/pageActor';
import { can } from '@/lib/auth/permissions';
import { loadRun, runViewMetadata } from './loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// /runs/[runId] - a run's overview: headline figures, best-so-far over the score scatter, programs
type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = runViewMetadata(null);

export default async function RunPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  const { metric, k } = await searchParams;
  const plateauK = plateauKSchema.safeParse(k);
  if (!run) notFound();
  const chain = await chainRerunState(run.id);
  const actor = await pageActor();
  const chartMetric = initialChartMetric(run.metricKeys, run.scoreMetric, typeof metric === 'string' ? metric : undefined);
  return (
    <>
      {/* The scatter's points are the page's big download: start it with the HTML, not after hydration. */}
      {chartMetric && <link rel="preload" href={packedUrl(pointsUrl(run.id, chartMetric))} as="fetch" crossOrigin="anonymous" />}
      <div className="crumbs">
        <Link href="/">Runs</Link> /
      </div>
      <h1>
        {run.name} <LiveRefresh live={run.status === 'live'} />
      </h1>
      <RunNav runId={run.id} />
      <p className="subtitle">
        {run.framework}
        {run.task && ` · ${run.task}`}
        {run.language && ` · ${run.language}`} · imported {formatDate(run.importedAt)}
        {run.sourcePath && (
          <>
            {' '}· <span className="mono">{run.sourcePath}</span>
          </>
        )}{' '}
        · <Link href={`/review?run=${run.id}`}>Review edits</Link>
      </p>
      <RunHeadline run={run} />
      <h2>Score over iterations</h2>
      <ScoreChart
        runId={run.id}
        metricKeys={run.metricKeys}
        defaultMetric={run.scoreMetric}
        initialMetric={typeof metric === 'string' ? metric : undefined}
        initialK={plateauK.success ? plateauK.data : undefined}
      />
      <h2>Duplicates by behaviour</h2>
      <DuplicatesPanel runId={run.id} />
      <h2>Re-run the best-so-far chain</h2>
      <BestChainRerun runId={run.id} initial={chain.initial} evaluator={chain.evaluator} />
      <h2>Programs</h2>
      <ProgramsTable runId={run.id} scoreMetric={run.scoreMetric} higherIsBetter={run.higherIsBetter} />
      <h2>Evaluator</h2>
      <EvaluatorPanel runId={run.id} initial={await listEvaluators(pool(), run.id)} />
      {actor && actor.kind !== 'local' && can(actor, 'share', run.id) && (
        <>
          <h2>Share</h2>
          <ShareLinksPanel runId={run.id} />
        </>
      )}
    </>
  );
}

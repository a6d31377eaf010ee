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
import { analysesProgressUrl } from '@/lib/analysis/analysesProgress';
import { duplicatesUrl } from '@/lib/contracts/api/duplicates';
import { plateauKSchema, plateausUrl } from '@/lib/contracts/api/plateaus';
import { bestSoFarUrl, initialChartMetric, pointsUrl } from '@/lib/contracts/api/points';
import { PROGRAMS_FIRST_PAGE, programsUrl } from '@/lib/contracts/api/programs';
import { DEFAULT_PLATEAU_K } from '@/lib/trace/diagnosis';
import { packedUrl } from '@/lib/contracts/wire/packedBody';
import { pool } from '@/lib/db/client';
import { chainRerunState } from '@/lib/db/evaluationBatches';
import { listEvaluators } from '@/lib/db/evaluators';
import { ShareLinksPanel } from '@/components/auth/ShareLinksPanel';
import { pageActor } from '@/lib/http/auth/pageActor';
import { can } from '@/lib/contracts/permissions';
import { loadRun, runViewMetadata } from './loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// /runs/[runId] - a run's overview: headline figures, best-so-far over the score scatter, programs
type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = runViewMetadata(null);

/**
 * What the page's components fetch first, preloaded with the HTML so that it downloads while the
 * scripts do instead of after hydration (the URLs are the components' own, fetched with no extra
 * headers, so the browser answers them from these preloads). The points are the big one.
 */
function preloads(runId: string, chartMetric: string, k: number): string[] {
  const chart = chartMetric
    ? [packedUrl(pointsUrl(runId, chartMetric)), packedUrl(bestSoFarUrl(runId, chartMetric)), packedUrl(plateausUrl(runId, chartMetric, k))]
    : [];
  return [...chart, packedUrl(duplicatesUrl(runId)), programsUrl(runId, PROGRAMS_FIRST_PAGE), analysesProgressUrl(runId)];
}

export default async function RunPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const [{ metric, k }, chain, actor, evaluators] = await Promise.all([searchParams, chainRerunState(run.id), pageActor(), listEvaluators(pool(), run.id)]);
  const plateauK = plateauKSchema.safeParse(k);
  const chartMetric = initialChartMetric(run.metricKeys, run.scoreMetric, typeof metric === 'string' ? metric : undefined);
  return (
    <>
      {preloads(run.id, chartMetric, plateauK.success ? plateauK.data : DEFAULT_PLATEAU_K).map((href) => (
        <link key={href} rel="preload" href={href} as="fetch" crossOrigin="anonymous" />
      ))}
      <div className="crumbs">
        <Link href="/" prefetch={false}>Runs</Link> /
      </div>
      <h1>
        {run.name} <LiveRefresh live={run.status === 'live'} />
      </h1>
      <RunNav runId={run.id} strategies={run.strategyCount > 0} />
      <p className="subtitle">
        {run.framework}
        {run.task && ` · ${run.task}`}
        {run.language && ` · ${run.language}`} · imported {formatDate(run.importedAt)}
        {run.sourcePath && (
          <>
            {' '}· <span className="mono">{run.sourcePath}</span>
          </>
        )}{' '}
        · <Link href={`/review?run=${run.id}`} prefetch={false}>Review edits</Link>
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
      <h2 id="evaluator">Evaluator</h2>
      <EvaluatorPanel runId={run.id} initial={evaluators} />
      {actor && actor.kind !== 'local' && can(actor, 'share', run.id) && (
        <>
          <h2>Share</h2>
          <ShareLinksPanel runId={run.id} />
        </>
      )}
    </>
  );
}

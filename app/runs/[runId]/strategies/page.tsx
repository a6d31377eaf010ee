// /runs/[runId]/strategies - an EvoX run's co-evolved search strategies: which one was active over which solution iterations (timeline), a table, and each one's code with its diff to the one before (?strategy=N)
import { notFound } from 'next/navigation';
import { JsonDetails } from '@/components/program/EvaluationPanel';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { StrategyCode } from '@/components/strategies/StrategyCode';
import { StrategiesTable } from '@/components/strategies/StrategiesTable';
import { StrategyTimeline } from '@/components/strategies/StrategyTimeline';
import { barKind, previousStrategy, strategyTimeline } from '@/components/strategies/strategyTimelineModel';
import { formatScore } from '@/components/ui/format';
import { runStrategiesOf } from '@/lib/db/strategies';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = runViewMetadata('Strategies');

const yesNo = (v: boolean | null) => (v == null ? '—' : v ? 'yes' : 'no');
const count = (v: unknown) => (Array.isArray(v) ? v.length : null);

export default async function StrategiesPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const data = await runStrategiesOf(run.id);
  if (!data) notFound();
  const { strategies, lastIteration } = data;
  const raw = (await searchParams).strategy;
  const asked = Number(Array.isArray(raw) ? raw[0] : raw);
  const selected = strategies.find((s) => s.iteration === asked) ?? strategies.at(-1) ?? null;
  const previous = selected ? previousStrategy(strategies, selected.iteration) : null;
  const model = strategyTimeline(strategies, lastIteration);
  const href = (iteration: number) => `/runs/${run.id}/strategies?strategy=${iteration}#strategy`;
  return (
    <>
      <RunViewHeader run={run} title="Search strategies">
        <p className="subtitle">
          {run.name} · EvoX co-evolves the search strategy beside the solutions: which strategy was active over which solution iterations, its score, whether it was a new best, and the fallbacks.
        </p>
      </RunViewHeader>
      {!strategies.length ? (
        <p className="panel">This run has no search strategies (only EvoX runs record them).</p>
      ) : (
        <>
          <StrategyTimeline model={model} href={href} selected={selected?.iteration ?? null} />
          <StrategiesTable
            runId={run.id}
            selected={selected?.iteration ?? null}
            strategies={strategies.map((s) => ({
              iteration: s.iteration,
              kind: barKind(s),
              activeFrom: s.activeFrom,
              activeTo: s.activeTo,
              score: s.score,
              isNewBest: s.isNewBest,
              fallback: s.fallback,
              failedAttempts: count(s.failedAttempts),
            }))}
          />
          {selected && (
            <section id="strategy" aria-label={`Strategy ${selected.iteration}`} data-testid="strategy-detail" data-iteration={selected.iteration}>
              <h2>Strategy {selected.iteration}</h2>
              <p className="muted">
                score {formatScore(selected.score)} · new best {yesNo(selected.isNewBest)} · fallback {yesNo(selected.fallback)}
                {previous ? ` · diff against strategy ${previous.iteration}, the one before it` : ' · the first strategy: nothing to diff against'}
              </p>
              {/* Keyed: another strategy starts again in its own default view (diff when it has a previous one). */}
              <StrategyCode key={selected.iteration} code={selected.code} previous={previous && { iteration: previous.iteration, code: previous.code }} />
              <JsonDetails title="Prompts" value={selected.prompts} />
              <JsonDetails title="Failed attempts" value={selected.failedAttempts} />
              <JsonDetails title="Metadata (database statistics before and after, ...)" value={selected.metadata} />
            </section>
          )}
        </>
      )}
    </>
  );
}

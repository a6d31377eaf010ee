'use client';
// The compare page's edit types: the selected runs' edits pooled (GET /api/taxonomy?runs=&judge=),
// each run's score change normalised by its own scale, drawn as the same two panels.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { OFFLINE_JUDGE_KEY } from '@/lib/contracts/taxonomyTypes';
import { pooledTaxonomySchema } from '@/lib/contracts/api/taxonomySchemas';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore } from '../ui/format';
import { sortByOddsRatio } from './layout';
import { LabelStatsTable } from './LabelStatsTable';
import { ScoreNote } from './ScoreNote';
import { TaxonomyExport, exportBase } from './TaxonomyExport';
import { TaxonomyFigure } from './TaxonomyFigure';
import { judgeTitle, pooledTaxonomyUrl } from './taxonomyUrls';

export function PooledTaxonomy({ runIds, judge = OFFLINE_JUDGE_KEY }: { runIds: string[]; judge?: string }) {
  const q = useQuery({
    queryKey: ['pooled-taxonomy', runIds.join(','), judge],
    queryFn: ({ signal }) => apiFetch(pooledTaxonomyUrl(runIds, judge), { schema: pooledTaxonomySchema, signal }),
    enabled: runIds.length > 0,
    // Judgements of freshly imported runs arrive from the worker: look again for a while until
    // every run has some (a run without any edit never will).
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.edits === 0) && query.state.dataUpdateCount < 30 ? 4000 : false),
  });
  if (runIds.length === 0) return null;
  if (q.isError) return <p className="error" role="alert">Could not load the pooled edit types: {q.error.message}</p>;
  if (!q.data) return <p className="muted" role="status">Loading the pooled edit types…</p>;
  const d = q.data;
  const notJudged = d.runs.reduce((s, r) => s + r.notJudged, 0);
  return (
    <section data-testid="pooled-taxonomy" data-state="ready">
      <p className="muted" style={{ marginTop: 0 }}>
        {judgeTitle(d.judge)} · {formatCount(d.stats.edits)} judged edits pooled over {d.runs.length} {d.runs.length === 1 ? 'run' : 'runs'}:{' '}
        {d.runs.map((r, i) => (
          <span key={r.runId}>
            {i > 0 && ', '}
            <Link href={`/runs/${r.runId}/taxonomy`}>{r.name}</Link> ({formatCount(r.edits)}, scale {formatScore(r.scoreScale)})
          </span>
        ))}
      </p>
      <TaxonomyExport base={exportBase(`taxonomy-pooled-${d.runs.length}-runs`, d.judge)} stats={d.stats} json={d} />
      <TaxonomyFigure stats={d.stats} selected={null} testId="pooled-taxonomy-figure" />
      <ScoreNote stats={d.stats} notJudged={notJudged} pooled />
      <LabelStatsTable rows={sortByOddsRatio(d.stats.labels)} selected={null} />
    </section>
  );
}

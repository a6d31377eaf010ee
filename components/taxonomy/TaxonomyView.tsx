'use client';
// The taxonomy page's body (paper §5.1, Figure 4): for one judge, the two-panel figure, the
// label figures, enrichment, the label mix over the run and co-occurrence; a label's edits;
// judging controls; agreement between judges; exports. The judge and the selected label live
// in the URL (?judge=, ?label=) and only there (useUrlView), so Back, reload and a link restore the view.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { EDIT_LABELS, LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { OFFLINE_JUDGE_KEY } from '@/lib/contracts/taxonomyTypes';
import { runTaxonomySchema, taxonomyUrl } from '@/lib/contracts/api/taxonomySchemas';
import { Stat } from '../analysis/Stat';
import { apiFetch } from '../ui/apiFetch';
import { useUrlView } from '../ui/useUrlView';
import { formatCount, formatScore } from '../ui/format';
import { AgreementPanel } from './AgreementPanel';
import { ACTIVE_BATCH } from './batchModel';
import { CooccurrenceMatrix } from './CooccurrenceMatrix';
import { EnrichmentChart } from './EnrichmentChart';
import { JudgeBatchPanel } from './JudgeBatchPanel';
import { LabelEdits } from './LabelEdits';
import { LabelStatsTable } from './LabelStatsTable';
import { sortByOddsRatio } from './layout';
import { ScoreNote } from './ScoreNote';
import { StageMix } from './StageMix';
import { TaxonomyExport, exportBase } from './TaxonomyExport';
import { TaxonomyFigure } from './TaxonomyFigure';
import { judgeTitle, taxonomyQuery, taxonomyViewParams } from './taxonomyUrls';

export function Definitions() {
  return (
    <details className="collapsible" data-testid="label-definitions">
      <summary>The nine edit types (the paper&apos;s Table 9)</summary>
      <div>
        <dl className="taxonomy-definitions">
          {EDIT_LABELS.map((l) => (
            <div key={l}>
              <dt>
                {LABEL_TITLES[l]} <span className="mono muted">{l}</span>
              </dt>
              <dd>{LABEL_DEFINITIONS[l]}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}

function parseView(sp: URLSearchParams): { judge: string; label: EditLabel | null } {
  return taxonomyViewParams(Object.fromEntries(sp));
}

export function TaxonomyView({ runId }: { runId: string }) {
  const id = useId();
  const client = useQueryClient();
  // The view lives in the URL (?judge=, ?label=): it survives Back, reload and a shared link.
  const [view, setView] = useUrlView(parseView, ({ judge, label }) => taxonomyQuery(judge, label));
  const { judge, label } = view;
  const setJudge = (j: string) => setView((v) => ({ ...v, judge: j }));
  const setLabel = (next: EditLabel | null | ((cur: EditLabel | null) => EditLabel | null)) =>
    setView((v) => ({ ...v, label: typeof next === 'function' ? next(v.label) : next }));
  const q = useQuery({
    queryKey: ['taxonomy', runId, judge],
    queryFn: ({ signal }) => apiFetch(taxonomyUrl(runId, judge), { schema: runTaxonomySchema, signal }),
    // Judgements arrive after import (offline) or from a running batch: poll until they are in.
    refetchInterval: (query) => {
      const d = query.state.data;
      if (!d) return false;
      const running = d.judges.some((j) => j.latestBatch && ACTIVE_BATCH.has(j.latestBatch.status));
      return running ? 2000 : d.stats === null && d.editCount > 0 ? 3000 : false;
    },
  });

  const data = q.data;
  const stats = data?.stats ?? null;
  const order = useMemo(() => (stats ? sortByOddsRatio(stats.labels) : []), [stats]);
  const orderLabels = useMemo(() => order.map((s) => s.label), [order]);
  const judges = data?.judges ?? [];
  const judgeKeys = judges.some((j) => j.judge === judge) ? judges.map((j) => j.judge) : [judge, ...judges.map((j) => j.judge)];
  const agreeable = judges.filter((j) => j.judged > 0).map((j) => j.judge);
  const toggle = (l: EditLabel) => setLabel((cur) => (cur === l ? null : l));

  return (
    <section data-testid="taxonomy-view" data-judge={judge} data-state={q.isError ? 'error' : !data ? 'loading' : stats ? 'ready' : 'empty'} aria-busy={!data}>
      <div className="row analysis-switches">
        <label htmlFor={`${id}-judge`}>Judge</label>
        <select id={`${id}-judge`} value={judge} onChange={(e) => setJudge(e.target.value)} data-testid="judge-select">
          {judgeKeys.map((k) => {
            const info = judges.find((j) => j.judge === k);
            return (
              <option key={k} value={k}>
                {judgeTitle(k)}
                {info ? ` · ${formatCount(info.judged)} judged` : ''}
              </option>
            );
          })}
        </select>
        {data && (
          <span className="muted">
            {formatCount(data.editCount)} edits in the run (children with a parent in the archive)
            {data.usage.promptTokens + data.usage.completionTokens > 0 &&
              ` · this judge spent ${formatCount(data.usage.promptTokens + data.usage.completionTokens)} tokens, $${data.usage.costUsd.toFixed(2)}`}
          </span>
        )}
      </div>
      <JudgeBatchPanel runId={runId} onChanged={() => client.invalidateQueries({ queryKey: ['taxonomy', runId] })} />
      {q.isError && (
        <p className="error" role="alert">
          Could not load the taxonomy: {q.error.message}
        </p>
      )}
      {!data && !q.isError && (
        <p className="muted" role="status">
          Loading the taxonomy…
        </p>
      )}
      {data && !stats && (
        <p className="muted" role="status" data-testid="taxonomy-empty">
          {data.editCount === 0
            ? 'This run has no edits to label: no program has a parent in the archive.'
            : judge === OFFLINE_JUDGE_KEY
            ? 'The offline judge has not labelled this run’s edits yet (the worker does it after import); this page updates by itself.'
            : `${judgeTitle(judge)} has judged no edit of this run yet.`}
        </p>
      )}
      {data && stats && (
        <>
          <dl className="stats">
            <Stat label="Edits judged" id="tax-edits">{formatCount(stats.edits)}</Stat>
            <Stat label="Not judged" id="tax-not-judged" hint="the judge gave up on these edits; they are in no figure">
              {formatCount(data.notJudged)}
            </Stat>
            <Stat label="Unscored (left out of odds ratios)" id="tax-unscored">{formatCount(stats.unscored)}</Stat>
            <Stat label="Best-so-far updates" id="tax-best">{formatCount(stats.bestSoFarEdits)}</Stat>
            <Stat label="Final-lineage edits" id="tax-lineage">{formatCount(stats.finalLineageEdits)}</Stat>
            <Stat label="Score scale" id="tax-scale" hint="p95 of |score| over the run, at least 1">
              {formatScore(stats.scoreScale)}
            </Stat>
          </dl>
          <TaxonomyExport
            base={exportBase(`taxonomy-${runId.slice(0, 8)}`, judge)}
            stats={stats}
            json={{ runId, judge, editCount: data.editCount, notJudged: data.notJudged, higherIsBetter: data.higherIsBetter, stats }}
            edits={label ? { runId, judge, label } : null}
          />
          <h2>Prevalence and odds ratio</h2>
          <p className="muted" style={{ marginTop: 0 }}>
            Click a label to list its edits.
          </p>
          <TaxonomyFigure stats={stats} selected={label} onSelect={toggle} />
          <ScoreNote stats={stats} notJudged={data.notJudged} />
          {label && <LabelEdits key={`${judge}/${label}`} runId={runId} judge={judge} label={label} onClose={() => setLabel(null)} />}
          <h3>Per label</h3>
          <LabelStatsTable rows={order} selected={label} onSelect={toggle} />
          <Definitions />
          <h2>Enrichment: best-so-far updates and the final best&apos;s lineage</h2>
          <EnrichmentChart stats={stats} order={orderLabels} />
          <h2>Label mix over the run</h2>
          <StageMix stats={stats} />
          <h2>Co-occurrence</h2>
          <CooccurrenceMatrix stats={stats} />
        </>
      )}
      {agreeable.length >= 2 && (
        <>
          <h2>Agreement between judges</h2>
          <AgreementPanel runId={runId} judges={agreeable} />
        </>
      )}
    </section>
  );
}

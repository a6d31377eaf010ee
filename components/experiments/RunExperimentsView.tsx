'use client';
// /runs/[runId]/experiments (issue 11): the run's replays (distributions, the median ratio over
// targets, the variants side by side), tunings (start a sweep over best-so-far events; ceilings
// against the run's best-so-far curve) and ablations, each with an export of what is shown.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AblationReport, ExperimentView, ReplayReport } from '@/lib/contracts/interventionTypes';
import { downloadText } from '../analysis/download';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { formatDate, formatScore, formatShare } from '../ui/format';
import { CeilingChart } from './CeilingChart';
import { getBestSoFar, getReplayTargets, listExperiments } from './experimentClient';
import { experimentHref, isActive, KIND_TEXT, progressLabel, VERDICT_COLOURS } from './experimentLabels';
import { RatioStrip } from './RatioStrip';
import { median } from './ratioStripModel';
import { ablationsCsv, ceilingPoints, ceilingsCsv, compareVariants, variantsCsv } from './runExperimentsModel';
import { apiFetch } from '../ui/apiFetch';
import { Table } from '../ui/Table';
import { useUrlParam } from '../ui/useUrlParam';

type Tab = 'replays' | 'tuning' | 'ablations';
const TABS: { id: Tab; label: string }[] = [
  { id: 'replays', label: 'Replays' },
  { id: 'tuning', label: 'Tuning' },
  { id: 'ablations', label: 'Ablations' },
];

function Export({ name, csv, json }: { name: string; csv: () => string; json: () => unknown }) {
  return (
    <div className="row" role="group" aria-label={`Export ${name}`} style={{ margin: '0.4rem 0' }}>
      <button type="button" onClick={() => downloadText(`${name}.csv`, csv(), 'text/csv')}>Export CSV</button>
      <button type="button" onClick={() => downloadText(`${name}.json`, JSON.stringify(json(), null, 2), 'application/json')}>Export JSON</button>
    </div>
  );
}

const ProgramLink = ({ x }: { x: ExperimentView }) => <a href={experimentHref(x)}>{x.programExternalId}</a>;

export function RunExperimentsView({ runId, scoreMetric, hasEvaluator }: { runId: string; scoreMetric: string; hasEvaluator: boolean }) {
  const [tab, setTab] = useUrlParam<Tab>('tab', TABS.map((t) => t.id), 'replays');
  const queryClient = useQueryClient();
  const all = useQuery({
    queryKey: ['experiments', runId, 'all'],
    queryFn: ({ signal }) => listExperiments(runId, { limit: 500 }, signal),
    refetchInterval: (q) => (q.state.data?.items.some((x) => isActive(x.status)) ? 2000 : false),
  });
  const items = all.data?.items ?? [];
  const of = (k: ExperimentView['kind']) => items.filter((x) => x.kind === k);
  return (
    <div data-testid="run-experiments">
      <div role="tablist" aria-label="Experiment kinds" className="run-nav" onKeyDown={(e) => {
        const i = TABS.findIndex((t) => t.id === tab);
        const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
        if (next >= 0) {
          setTab(TABS[next].id);
          document.getElementById(`exp-tab-${TABS[next].id}`)?.focus();
        }
      }}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`exp-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`exp-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label} ({of(t.id === 'replays' ? 'replay' : t.id === 'tuning' ? 'tune' : 'ablate').length})
          </button>
        ))}
      </div>
      {all.isError && <p className="error" role="alert">{(all.error as Error).message}</p>}
      <div role="tabpanel" id={`exp-panel-${tab}`} aria-labelledby={`exp-tab-${tab}`}>
        {tab === 'replays' && <Replays runId={runId} items={of('replay')} />}
        {tab === 'tuning' && <Tuning runId={runId} items={of('tune')} scoreMetric={scoreMetric} hasEvaluator={hasEvaluator} onStarted={() => void queryClient.invalidateQueries({ queryKey: ['experiments', runId, 'all'] })} />}
        {tab === 'ablations' && <Ablations runId={runId} items={of('ablate')} />}
      </div>
    </div>
  );
}

function Replays({ runId, items }: { runId: string; items: ExperimentView[] }) {
  const variants = useMemo(() => compareVariants(items), [items]);
  const done = items.filter((x) => x.status === 'done' && x.result?.kind === 'replay');
  const exactRatios = done.map((x) => (x.result as ReplayReport).variants.find((v) => v.variant === 'exact')?.scoreRatio).filter((v): v is number => typeof v === 'number');
  const pooled = useMemo(
    () =>
      variants.map((v) => {
        const reports = done.flatMap((x) => (x.result as ReplayReport).variants.filter((r) => r.variant === v.variant));
        return { label: v.variant, ratios: reports.flatMap((r) => r.ratios), trials: reports.reduce((s, r) => s + r.trials, 0) };
      }),
    [variants],
  );
  return (
    <section aria-label="Replays" data-testid="replays-tab">
      <ReplayTargets runId={runId} />
      {items.length === 0 ? <p className="muted">No replays yet: start one from a target&apos;s program page.</p> : <>
      <p>
        Median score ratio across targets (exact variant): <strong data-testid="median-ratio">{formatScore(median(exactRatios))}</strong>{' '}
        <span className="muted">over {exactRatios.length} target(s)</span>
      </p>
      <h3>Variants side by side</h3>
      <Export name={`replay-variants-${runId.slice(0, 8)}`} csv={() => variantsCsv(variants)} json={() => ({ runId, variants, replays: done.map((x) => ({ id: x.id, program: x.programExternalId, report: x.result })) })} />
      <Table
        label="Replay variants compared"
        rows={variants}
        rowKey={(v) => v.variant}
        columns={[
          { key: 'variant', header: 'variant', rowHeader: true, className: 'mono', cell: (v) => v.variant },
          { key: 'targets', header: 'targets', numeric: true, cell: (v) => v.targets },
          { key: 'trials', header: 'trials', numeric: true, cell: (v) => v.trials },
          { key: 'parse', header: 'parse success', numeric: true, cell: (v) => formatShare(v.parseSuccess) },
          { key: 'eval', header: 'eval success', numeric: true, cell: (v) => formatShare(v.evalSuccess) },
          { key: 'exact', header: 'exact match', numeric: true, cell: (v) => formatShare(v.exactMatch) },
          { key: 'normalised', header: 'normalised match', numeric: true, cell: (v) => formatShare(v.normalisedMatch) },
          { key: 'ratio', header: 'median score ratio', numeric: true, cell: (v) => formatScore(v.medianRatio) },
        ]}
      />
      {pooled.length > 0 && <RatioStrip inputs={pooled} testId="run-ratio-strip" />}
      <h3>Replays</h3>
      <ExperimentTable items={items} extra={(x) => {
        const r = x.status === 'done' && x.result?.kind === 'replay' ? (x.result as ReplayReport) : null;
        return r ? r.variants.map((v) => `${v.variant} ${formatScore(v.scoreRatio)}`).join(' · ') : '—';
      }} extraLabel="score ratio per variant" />
      </>}
    </section>
  );
}

/** Programs with a stored prompt, best-so-far events first (GET /replay-targets). */
function ReplayTargets({ runId }: { runId: string }) {
  const targets = useQuery({ queryKey: ['replay-targets', runId], queryFn: ({ signal }) => getReplayTargets(runId, signal) });
  if (!targets.data) return targets.isError ? <p className="error" role="alert">{(targets.error as Error).message}</p> : null;
  const { items, total } = targets.data;
  return (
    <details data-testid="replay-targets">
      <summary>Replay targets: {total} program(s) with a stored prompt, best-so-far events first</summary>
      <Table
        label="Replay targets"
        rows={items}
        rowKey={(t) => t.programId}
        keyboard
        columns={[
          { key: 'program', header: 'program', rowHeader: true, cell: (t) => <a href={`/runs/${runId}/programs/${t.programId}#experiments`}>{t.externalId}</a> },
          { key: 'iteration', header: 'iteration', numeric: true, cell: (t) => t.iteration ?? '—' },
          { key: 'score', header: 'score', numeric: true, cell: (t) => formatScore(t.score) },
          { key: 'best', header: 'best so far', cell: (t) => (t.bestSoFar ? 'yes' : '') },
          { key: 'prompt', header: 'prompt', className: 'muted', cell: (t) => t.promptKind ?? '—' },
          { key: 'replays', header: 'replays', numeric: true, cell: (t) => t.replays },
        ]}
      />
    </details>
  );
}

function Tuning({ runId, items, scoreMetric, hasEvaluator, onStarted }: { runId: string; items: ExperimentView[]; scoreMetric: string; hasEvaluator: boolean; onStarted: () => void }) {
  const best = useQuery({ queryKey: ['best-so-far', runId], queryFn: ({ signal }) => getBestSoFar(runId, signal) });
  const [every, setEvery] = useState('10');
  const [calls, setCalls] = useState('24');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const curve = useMemo(() => (best.data && 'points' in best.data ? best.data.points : []), [best.data]);
  const iterationOf = useMemo(() => new Map(curve.map((p) => [p.programId, p.iteration])), [curve]);
  const points = useMemo(() => ceilingPoints(items, iterationOf), [items, iterationOf]);
  const lastIteration = best.data && 'points' in best.data ? best.data.lastIteration : null;
  async function sweep() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/runs/${runId}/tuning-sweep`, { method: 'POST', body: { every: Number(every), params: { calls: Number(calls), knobSource: 'offline' } } });
      onStarted();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-label="Tuning" data-testid="tuning-tab">
      <form className="row" aria-label="Tuning sweep" onSubmit={(e) => { e.preventDefault(); void sweep(); }}>
        <label>
          Tune every{' '}
          <input type="number" min={1} value={every} onChange={(e) => setEvery(e.target.value)} style={{ width: '4rem' }} />
          th best-so-far event
        </label>
        <label>
          Calls <input type="number" min={2} max={200} value={calls} onChange={(e) => setCalls(e.target.value)} style={{ width: '4.5rem' }} />
        </label>
        <button
          type="submit"
          disabled={busy || !hasEvaluator || !(Number(every) >= 1) || !(Number(calls) >= 2)}
          aria-describedby={hasEvaluator ? undefined : 'sweep-no-evaluator'}
        >
          {busy ? 'Starting…' : 'Start the sweep'}
        </button>
        {hasEvaluator ? (
          <span className="muted" style={{ fontSize: '0.82rem' }}>offline knobs; each program is one tuning job in the worker</span>
        ) : (
          <NoEvaluatorReason runId={runId} id="sweep-no-evaluator" />
        )}
      </form>
      {error && <p className="error" role="alert">{error}</p>}
      <CeilingChart curve={curve} points={points} lastIteration={lastIteration} scoreMetric={scoreMetric} />
      <Export name={`tuning-${runId.slice(0, 8)}`} csv={() => ceilingsCsv(points)} json={() => ({ runId, bestSoFar: curve, tunings: points })} />
      <Table
        label="Tuned programs"
        rows={points.map((p) => ({ p, x: items.find((i) => i.id === p.experimentId)! }))}
        rowKey={({ p }) => p.experimentId}
        keyboard
        columns={[
          { key: 'program', header: 'program', rowHeader: true, cell: ({ x }) => <ProgramLink x={x} /> },
          { key: 'iteration', header: 'iteration', numeric: true, cell: ({ p }) => p.iteration ?? '—' },
          { key: 'status', header: 'status', className: 'muted', cell: ({ x }) => progressLabel(x) },
          { key: 'original', header: 'original', numeric: true, cell: ({ p }) => formatScore(p.original) },
          { key: 'ceiling', header: 'ceiling', numeric: true, cell: ({ p }) => formatScore(p.ceiling) },
          { key: 'gap', header: 'gap', numeric: true, cell: ({ p }) => formatScore(p.gap) },
          { key: 'beats', header: 'beats final best', cell: ({ p }) => (p.beatsFinalBest === null ? '—' : p.beatsFinalBest ? 'yes' : 'no') },
        ]}
      />
    </section>
  );
}

function Ablations({ runId, items }: { runId: string; items: ExperimentView[] }) {
  if (items.length === 0) return <p className="muted">No ablations yet: start one from the page of a child program.</p>;
  return (
    <section aria-label="Ablations" data-testid="ablations-tab">
      <Export name={`ablations-${runId.slice(0, 8)}`} csv={() => ablationsCsv(items)} json={() => ({ runId, ablations: items.map((x) => ({ id: x.id, program: x.programExternalId, status: x.status, report: x.result })) })} />
      <ExperimentTable items={items} extraLabel="verdicts" extra={(x) => {
        const r = x.status === 'done' && x.result?.kind === 'ablate' ? (x.result as AblationReport) : null;
        if (!r) return '—';
        return (
          <span className="row" style={{ gap: '0.4rem' }}>
            {(['carried', 'neutral', 'hurt', 'failed'] as const).map((v) => {
              const n = r.variants.filter((a) => a.verdict === v).length;
              return n ? <span key={v} style={{ color: VERDICT_COLOURS[v] }}>{n} {v}</span> : null;
            })}
          </span>
        );
      }} />
    </section>
  );
}

function ExperimentTable({ items, extra, extraLabel }: { items: ExperimentView[]; extra: (x: ExperimentView) => React.ReactNode; extraLabel: string }) {
  return (
    <Table
      label={`${KIND_TEXT[items[0]?.kind ?? 'replay']} experiments`}
      rows={items}
      rowKey={(x) => x.id}
      keyboard
      columns={[
        { key: 'program', header: 'program', rowHeader: true, cell: (x) => <ProgramLink x={x} /> },
        { key: 'started', header: 'started', cell: (x) => formatDate(x.createdAt) },
        { key: 'status', header: 'status', className: 'muted', cell: (x) => progressLabel(x) },
        { key: 'extra', header: extraLabel, className: 'wrap', cell: (x) => extra(x) },
      ]}
    />
  );
}

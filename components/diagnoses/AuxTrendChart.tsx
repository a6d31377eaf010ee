'use client';
// VISUALISE: a diagnosis's aux metric trends beside the score (GET .../diagnoses/:id/aux),
// prepared by auxTrendModel.ts: one small panel per metric on the score's x axis, failure marks,
// trivial metrics flagged with their reason, a keyboard-reachable table and a CSV export.
// Mount it with <AuxTrendChart runId diagnosisId />; `refreshKey` reloads it when it changes (an aux
// run finished), `live` polls while an aux run is going, and `canRun` offers to start one
// (POST .../aux) when there are no values yet.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { auxResponseSchema, type AuxResponse } from '@/lib/contracts/api/auxPoints';
import { Axes } from '../analysis/Axes';
import { SHARE_COLOUR, TREND_COLOUR } from '../analysis/colours';
import { downloadText } from '../analysis/download';
import { useElementWidth } from '../chart/useElementWidth';
import { apiFetch } from '../ui/apiFetch';
import { auxCsv, auxTableHeader, auxTableRows, prepareAuxTrends, type AuxPanel } from './auxTrendModel';
import { Legend } from '../ui/Legend';
import { Table } from '../ui/Table';

const TABLE_PAGE = 100;
const FAIL_COLOUR = '#c0392b';

export interface AuxTrendChartProps {
  runId: string;
  diagnosisId: string;
  /** Changes when an aux run finished, so the chart reloads. */
  refreshKey?: string | number;
  live?: boolean;
  canRun?: boolean;
}

export function AuxTrendChart({ runId, diagnosisId, refreshKey, live = false, canRun = false }: AuxTrendChartProps) {
  const url = `/api/runs/${runId}/diagnoses/${diagnosisId}/aux`;
  // Started from here: poll as values are stored, as for `live`.
  const [started, setStarted] = useState(false);
  const q = useQuery({
    queryKey: ['aux-points', runId, diagnosisId, refreshKey ?? 0],
    queryFn: ({ signal }) => apiFetch(url, { schema: auxResponseSchema, signal }),
    refetchInterval: live || started ? 3000 : false,
  });
  if (q.isError) return <p className="error" role="alert">Could not load the aux metrics: {q.error.message}</p>;
  if (!q.data) return <p className="muted" role="status">Loading aux metrics…</p>;
  if (!q.data.points.length) return <AuxEmpty runId={runId} url={url} canRun={canRun} onStarted={() => setStarted(true)} />;
  return <AuxTrends runId={runId} diagnosisId={diagnosisId} data={q.data} />;
}

function AuxEmpty({ runId, url, canRun, onStarted }: { runId: string; url: string; canRun: boolean; onStarted: () => void }) {
  const [started, setStarted] = useState<{ id: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      const res = await apiFetch<{ experiment: { id: string } }>(url, { method: 'POST', body: {} });
      setStarted(res.experiment);
      onStarted();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div data-testid="aux-trends" data-state="empty">
      <p className="muted">No auxiliary metric values yet: auxiliary_metrics.py has not run over this run&apos;s programs.</p>
      {canRun && !started && (
        <button type="button" onClick={start}>
          Run auxiliary_metrics.py on every program
        </button>
      )}
      {started && (
        <p role="status">
          Started (experiment {started.id.slice(0, 8)}): values appear here as they are stored; see also <Link href={`/runs/${runId}/experiments`}>the run&apos;s experiments</Link>.
        </p>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}

function AuxTrends({ runId, diagnosisId, data }: { runId: string; diagnosisId: string; data: AuxResponse }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareAuxTrends(data, width) : null), [data, width]);
  const [table, setTable] = useState(false);
  const trivial = data.trivialMetrics.filter((t) => t.trivial).length;
  return (
    <figure className="chart" data-testid="aux-trends" data-state={chart ? 'ready' : 'loading'}>
      <div className="row chart-toolbar">
        <span className="muted">
          {data.metricNames.length} aux metric{data.metricNames.length === 1 ? '' : 's'} over {data.total.toLocaleString('en')} programs
          {chart?.thinned ? ` (${chart.thinned} shown)` : ''}; x: {chart?.axis ?? '…'}
          {trivial ? `; ${trivial} flagged trivial` : ''}
        </span>
        <button type="button" aria-expanded={table} aria-controls={`aux-table-${diagnosisId}`} onClick={() => setTable((t) => !t)}>
          {table ? 'Hide table' : 'Show as table'}
        </button>
        <button type="button" onClick={() => downloadText(`aux-${runId.slice(0, 8)}-${diagnosisId.slice(0, 8)}.csv`, auxCsv(data), 'text/csv')}>
          Export CSV
        </button>
      </div>
      <div ref={ref}>
        {chart?.panels.map((p) => <Panel key={p.key} panel={p} width={chart.width} xTicks={chart.xTicks} />)}
      </div>
      <Legend
        as="figcaption"
        items={[
          { label: 'a program', color: SHARE_COLOUR, shape: 'dot', opacity: 0.5 },
          { key: 'mean', label: `mean per ${chart?.axis ?? 'x'}`, color: TREND_COLOUR, shape: 'line' },
          { label: 'no value: the program failed or the script did (hover for the status)', color: FAIL_COLOUR, shape: 'cross' },
        ]}
      />
      {table && <AuxTable id={`aux-table-${diagnosisId}`} runId={runId} data={data} />}
    </figure>
  );
}

function Panel({ panel: p, width, xTicks }: { panel: AuxPanel; width: number; xTicks: { pos: number; label: string }[] }) {
  return (
    <section className="aux-panel" data-testid="aux-panel" data-metric={p.title} data-trivial={p.test?.trivial ? 'true' : 'false'}>
      <h4 style={{ margin: '0.4rem 0 0' }}>
        {p.title} {p.test?.trivial && <span className="tag bad">trivial</span>}
      </h4>
      <p className="muted" style={{ margin: 0, fontSize: '0.8rem' }} data-testid="aux-panel-note">{p.note}</p>
      <svg width={width} height={p.height} role="img" aria-label={`${p.title} per program; ${p.dots.length} values, ${p.failed.length} without a value`}>
        <Axes plot={p.plot} xTicks={xTicks} yTicks={p.yTicks} height={p.height} />
        {p.dots.map((d, i) => (
          <circle key={`${d.programId}-${i}`} cx={d.x} cy={d.y} r={2.5} fill={SHARE_COLOUR} fillOpacity={0.5}>
            <title>{d.label}</title>
          </circle>
        ))}
        {p.failed.map((f, i) => (
          <path key={`${f.programId}-${i}`} d={`M${f.x - 3} ${f.y - 3} L${f.x + 3} ${f.y + 3} M${f.x + 3} ${f.y - 3} L${f.x - 3} ${f.y + 3}`} stroke={FAIL_COLOUR} strokeWidth={1.5}>
            <title>{f.label}</title>
          </path>
        ))}
        {p.meanPath && <path d={p.meanPath} stroke={TREND_COLOUR} strokeWidth={1.5} fill="none" />}
      </svg>
    </section>
  );
}

function AuxTable({ id, runId, data }: { id: string; runId: string; data: AuxResponse }) {
  const rows = useMemo(() => auxTableRows(data), [data]);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE));
  const shown = rows.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);
  const header = auxTableHeader(data);
  return (
    <div id={id} data-testid="aux-table">
      <Table
        label="Aux metric values per program"
        rows={shown}
        rowKey={(r) => r.programId}
        columns={header.map((h, k) => ({
          key: `${k}`,
          header: h,
          // The program's link, then its values; the numeric ones right-aligned (in the body only).
          className: k >= 3 && k !== 4 ? 'num' : undefined,
          cell: (r: (typeof shown)[number]) =>
            k === 0 ? (
              <Link href={`/runs/${runId}/programs/${r.programId}`} className="mono">
                {r.cells[0]}
              </Link>
            ) : (
              r.cells[k]
            ),
        }))}
      />
      {pages > 1 && (
        <div className="row" role="group" aria-label="Table pages">
          <button type="button" disabled={page === 0} onClick={() => setPage((n) => n - 1)}>Previous</button>
          <span className="muted">page {page + 1} of {pages}</span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage((n) => n + 1)}>Next</button>
        </div>
      )}
    </div>
  );
}

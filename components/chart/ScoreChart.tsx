'use client';
// The run overview chart: every program's score (GET .../points) under the stored best-so-far
// curve (GET .../best-so-far, polled while the worker computes it), for a chosen metric, with
// the curve's plateaus (GET .../plateaus?k=) shaded and listed below.
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { plateausResponseSchema, plateausUrl } from '@/lib/contracts/api/plateaus';
import { bestSoFarResponseSchema, bestSoFarUrl, initialChartMetric, pointsSchema, pointsUrl } from '@/lib/contracts/api/points';
import { DEFAULT_PLATEAU_K } from '@/lib/trace/diagnosis';
import { formatScore } from '../ui/format';
import { useUrlView } from '../ui/useUrlView';
import { parseScoreView, scoreViewQuery } from './scoreDomain';
import { ScoreViewControls } from './ScoreViewControls';
import { ChartLegend } from './ChartLegend';
import { PlateauPanel } from './PlateauPanel';
import { describePlateau, plateauBands } from './plateauModel';
import { prepareScoreChart } from './scoreChartModel';
import { ScoreChartView } from './ScoreChartView';
import { useElementWidth } from './useElementWidth';
import { apiFetch } from '../ui/apiFetch';

const HEIGHT = 380;


export function ScoreChart({
  runId,
  metricKeys,
  defaultMetric,
  initialMetric,
  initialK,
}: {
  runId: string;
  metricKeys: string[];
  defaultMetric: string | null;
  /** ?metric= of the page's URL (ignored unless the run has it). */
  initialMetric?: string;
  /** ?k= of the page's URL: the plateau K. */
  initialK?: number;
}) {
  const router = useRouter();
  const selectId = useId();
  const options = metricKeys.length ? metricKeys : defaultMetric ? [defaultMetric] : [];
  const [metric, setMetricState] = useState(initialChartMetric(metricKeys, defaultMetric, initialMetric));
  // The choice goes into the URL (replaceState: no history entry, no server round trip), so a
  // link or a reload shows the same metric.
  const setParam = (name: string, value: string | null) => {
    const q = new URLSearchParams(window.location.search);
    if (value === null) q.delete(name);
    else q.set(name, value);
    const query = q.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  };
  // Zoom, outliers and log scale: in the URL too (useUrlView), so Back, reload and a link keep them.
  const [view, setView] = useUrlView(parseScoreView, scoreViewQuery);
  const setMetric = (m: string) => {
    setMetricState(m);
    // Another metric has another score range: a zoom into this one means nothing there.
    if (view.y) setView((v) => ({ ...v, y: null }));
    setParam('metric', m === defaultMetric ? null : m);
  };
  const [k, setKState] = useState(initialK ?? DEFAULT_PLATEAU_K);
  const setK = (v: number) => {
    setKState(v);
    setParam('k', v === DEFAULT_PLATEAU_K ? null : String(v));
  };
  // The band shown is the one of the latest pointer or keyboard move. Each clears only its own: a
  // mouseleave that a scroll causes must not clear the band of the row the keyboard is on, and a
  // pointer resting on another band must not hide the row the keyboard just moved to.
  const [active, setActive] = useState<{ band: number; by: 'pointer' | 'keyboard' } | null>(null);
  const activeBand = active?.band ?? null;
  const setHoverBand = (band: number | null) =>
    setActive((a) => (band !== null ? { band, by: 'pointer' } : a?.by === 'pointer' ? null : a));
  const setFocusBand = (band: number | null) =>
    setActive((a) => (band !== null ? { band, by: 'keyboard' } : a?.by === 'keyboard' ? null : a));
  const [ref, width] = useElementWidth<HTMLDivElement>();

  const points = useQuery({
    queryKey: ['points', runId, metric],
    // Packed (components/ui/apiFetch.ts): the browser answers it from the page's preload of the same URL.
    queryFn: ({ signal }) => apiFetch(pointsUrl(runId, metric), { schema: pointsSchema, packed: true, signal }),
    enabled: metric !== '',
    staleTime: Infinity,
  });
  const best = useQuery({
    queryKey: ['best-so-far', runId, metric],
    queryFn: ({ signal }) => apiFetch(bestSoFarUrl(runId, metric), { schema: bestSoFarResponseSchema, packed: true, signal }),
    enabled: metric !== '',
    refetchInterval: (query) => (query.state.data && 'pending' in query.state.data ? 2000 : false),
  });
  const plateaus = useQuery({
    queryKey: ['plateaus', runId, metric, k],
    queryFn: ({ signal }) => apiFetch(plateausUrl(runId, metric, k), { schema: plateausResponseSchema, packed: true, signal }),
    enabled: metric !== '',
    placeholderData: (prev) => prev,
  });
  const bestResult = best.data && !('pending' in best.data) ? best.data : null;

  const chart = useMemo(
    () => (points.data && width > 0 ? prepareScoreChart(points.data, bestResult, width, HEIGHT, view) : null),
    [points.data, bestResult, width, view],
  );
  const bands = useMemo(
    () => (chart && plateaus.data ? plateauBands(plateaus.data, chart.xOf, chart.plot) : []),
    [chart, plateaus.data],
  );
  const describe = (i: number) => {
    const d = points.data!;
    const v = d.value[i];
    return `iteration ${d.iteration[i]} · ${d.valid[i] ? `${metric} ${formatScore(v)}` : 'invalid'}`;
  };

  return (
    <section className="chart" data-testid="score-chart" data-state={chart ? 'ready' : 'loading'} aria-label="Score over iterations">
      <div className="chart-toolbar">
        <label htmlFor={selectId}>Score metric</label>
        <select id={selectId} value={metric} onChange={(e) => setMetric(e.target.value)}>
          {options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        {points.data && <span className="muted">{points.data.count.toLocaleString('en-US')} programs</span>}
        {best.data && 'pending' in best.data && (
          <span className="muted" role="status">
            computing best-so-far…
          </span>
        )}
        {best.isError && <span className="error">best-so-far: {best.error.message}</span>}
      </div>
      {chart && <ScoreViewControls chart={chart} view={view} onView={setView} />}
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {points.isError && <p className="error" role="alert">Could not load scores: {points.error.message}</p>}
        {!points.data && !points.isError && <p className="muted" role="status">Loading scores…</p>}
        {chart && (
          <ScoreChartView
            chart={chart}
            metric={metric}
            describe={describe}
            onOpen={(i) => router.push(`/runs/${runId}/programs/${points.data!.id[i]}`)}
            bands={bands}
            activeBand={activeBand}
            describeBand={(i) => (plateaus.data ? describePlateau(plateaus.data.plateaus[i], plateaus.data.axis) : '')}
            onBand={setHoverBand}
            onZoom={(x, y) => setView((v) => ({ ...v, x, y }))}
            onReset={() => setView((v) => ({ ...v, x: null, y: null }))}
          />
        )}
      </div>
      <ChartLegend metric={metric} best={bestResult} counts={chart?.counts ?? null} />
      <PlateauPanel
        runId={runId}
        k={k}
        onK={setK}
        data={plateaus.data}
        error={plateaus.isError ? plateaus.error.message : null}
        active={activeBand}
        onHover={setHoverBand}
        onFocusRow={setFocusBand}
      />
    </section>
  );
}

'use client';
// The lineage explorer of one run. Data flow (see README.md): GET .../graph (columns) -> layout
// worker (Float32Array positions) -> lineageColors (a colour per node) -> LineageCanvas (sigma).
// The view state (selected node, colour and layout mode) lives in the URL, so a link restores it.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutMode } from '@/lib/analysis/lineageLayout';
import { graphLineageResponseSchema, graphUrl, runGraphSchema, type GraphLineage, type RunGraph } from '@/lib/contracts/api/graph';
import { pointsSchema, pointsUrl } from '@/lib/contracts/api/points';
import { isEditLabel, type EditLabel } from '@/lib/contracts/editLabels';
import { OFFLINE_JUDGE_KEY } from '@/lib/contracts/taxonomyTypes';
import { programLabelsSchema } from '@/lib/contracts/api/taxonomySchemas';
import { judgementsUrl } from '../taxonomy/taxonomyUrls';
import { apiFetch } from '../ui/apiFetch';
import { formatCount } from '../ui/format';
import type { Emphasis } from './LineageCanvas';
import { nodeColors, type ColorMode } from './lineageColors';
import { labelByNode } from './labelValues';
import { metricByNode } from './metricValues';
import { buildLineageGraph, type LineageGraph } from './lineageGraph';
import { LineageLegend } from './LineageLegend';
import { LineagePanel } from './LineagePanel';
import { LineageToolbar } from './LineageToolbar';
import { LineageTooltip } from './LineageTooltip';
import { useLineageLayout } from './useLineageLayout';
import { bestSoFarNodes, finalBestNode, stepBestSoFar } from './jumpTargets';
import { lineageWithoutRejected, withoutRejected } from './rejectedFilter';
import { findNode, lineageViewQuery, type ContextMode, type LineageView } from './viewState';
import styles from './Lineage.module.css';

function Placeholder({ state, text }: { state: string; text: string }) {
  return (
    <div className={`${styles.canvas} ${styles.placeholder}`} data-testid="lineage-canvas" data-state={state}>
      {text}
    </div>
  );
}

type CanvasComponent = typeof import('./LineageCanvas').default;

/** The graph, validated, packed: the browser answers it from the preload the page starts before any script runs. */
async function loadGraph(runId: string, signal: AbortSignal) {
  const started = performance.now();
  const graph = await apiFetch(graphUrl(runId), { schema: runGraphSchema, packed: true, signal });
  performance.measure('lineage:fetch', { start: started, end: performance.now() });
  return graph;
}

export function LineageExplorer({ runId, initial, metricKeys }: { runId: string; initial: LineageView; metricKeys: string[] }) {
  const [color, setColor] = useState<ColorMode>(initial.color);
  const [metric, setMetric] = useState<string | null>(initial.color === 'metric' ? (initial.metric ?? null) : null);
  const [label, setLabel] = useState<EditLabel | null>(initial.color === 'label' ? (initial.label ?? null) : null);
  const [fitKey, setFitKey] = useState(0);
  const [layoutMode, setLayoutMode] = useState<LayoutMode>(initial.layout);
  const [selected, setSelected] = useState<number | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  const [emphasis, setEmphasis] = useState<Emphasis>({ ancestry: true, chain: true, dim: true });
  const [showRejected, setShowRejected] = useState(initial.rejected === true);
  const [context, setContext] = useState<ContextMode>(initial.context ?? 'off');
  const frameRef = useRef<HTMLDivElement>(null);

  // The renderer (sigma needs WebGL, so it loads in the browser only) is fetched while the graph
  // downloads. Not next/dynamic: its Suspense boundary would hold the first frame back ~300 ms
  // (React throttles fallback reveals) even when the code is already there.
  const [LineageCanvas, setLineageCanvas] = useState<CanvasComponent | null>(null);
  const [canvasError, setCanvasError] = useState<string | null>(null);
  useEffect(() => {
    import('./LineageCanvas').then(
      (m) => setLineageCanvas(() => m.default),
      (e: Error) => setCanvasError(e.message),
    );
  }, []);

  const graphQuery = useQuery({ queryKey: ['graph', runId], queryFn: ({ signal }) => loadGraph(runId, signal), staleTime: Infinity });
  const fullGraph = graphQuery.data;
  // Lineage facts come from the worker after import; until then, ask for just them now and then.
  const lineagePoll = useQuery({
    queryKey: ['graph-lineage', runId],
    queryFn: ({ signal }) => apiFetch(`/api/runs/${runId}/graph?only=lineage`, { schema: graphLineageResponseSchema, packed: true, signal }),
    enabled: fullGraph !== undefined && fullGraph.lineage === null,
    refetchInterval: (q) => (q.state.data?.lineage ? false : 4000),
  });
  const fullLineage = fullGraph?.lineage ?? lineagePoll.data?.lineage ?? null;
  // Programs the search rejected are left out unless asked for (rejectedFilter.ts); everything
  // below draws the graph as shown.
  const shown = useMemo(
    () => (fullGraph && !showRejected ? withoutRejected(fullGraph, null) : { graph: fullGraph, hidden: 0 }),
    [fullGraph, showRejected],
  );
  const graph = shown.graph;
  const lineage = useMemo(
    () => (fullGraph && !showRejected ? lineageWithoutRejected(fullGraph, fullLineage) : fullLineage),
    [fullGraph, fullLineage, showRejected],
  );
  const rejectedCount = fullGraph?.rejected.length ?? 0;
  const contextEdgeCount = fullGraph?.contextEdges.childIndex.length ?? 0;
  // Colour by any metric: its values per program (the overview chart's /points column).
  const metricPoints = useQuery({
    queryKey: ['points', runId, metric],
    queryFn: ({ signal }) => apiFetch(pointsUrl(runId, metric!), { schema: pointsSchema, packed: true, signal }),
    enabled: color === 'metric' && metric !== null,
    staleTime: Infinity,
  });
  const metricValues = useMemo(
    () => (graph && metricPoints.data ? metricByNode(graph.seq, metricPoints.data) : null),
    [graph, metricPoints.data],
  );
  // Colour by an edit label: the offline judge's labels per program (one compact response for all).
  const programLabels = useQuery({
    queryKey: ['program-labels', runId, OFFLINE_JUDGE_KEY],
    queryFn: ({ signal }) => apiFetch(judgementsUrl(runId, { judge: OFFLINE_JUDGE_KEY, format: 'labels' }), { schema: programLabelsSchema, signal }),
    enabled: color === 'label' && label !== null,
    staleTime: 60_000,
  });
  const labelValues = useMemo(
    () => (graph && label && programLabels.data ? labelByNode(graph.ids, programLabels.data, label) : null),
    [graph, label, programLabels.data],
  );
  const layoutState = useLineageLayout(graph, frameRef);
  const layout = layoutState.status === 'done' ? layoutState.layout : null;

  // The renderer's graph is built here while the worker lays out (this effect runs after the
  // one that posted the layout request), not after it: the two take about as long at 50k.
  const [built, setBuilt] = useState<{ graph: RunGraph; lineage: GraphLineage | null; g: LineageGraph } | null>(null);
  useEffect(() => {
    if (!graph) return;
    const started = performance.now();
    const g = buildLineageGraph(graph, lineage);
    performance.measure('lineage:build-graph', { start: started, end: performance.now() });
    setBuilt({ graph, lineage, g });
  }, [graph, lineage]);
  const sigmaGraph = built && built.graph === graph && built.lineage === lineage ? built.g : null;

  const colors = useMemo(
    () =>
      graph && layout
        ? nodeColors(
            {
              count: graph.count,
              nodeCount: layout.nodeCount,
              score: graph.score,
              valid: graph.valid,
              island: graph.island,
              iteration: graph.iteration,
              higherIsBetter: graph.higherIsBetter,
              scoreMetric: graph.scoreMetric,
              recycledShare: lineage?.recycledShare ?? null,
              metric: metric ? { name: metric, values: metricValues } : undefined,
              label: label ? { name: label, judge: OFFLINE_JUDGE_KEY, has: labelValues } : undefined,
            },
            color,
          )
        : null,
    [graph, layout, lineage, color, metric, metricValues, label, labelValues],
  );

  const select = useCallback((node: number | null, focus = false) => {
    setSelected(node);
    // Opening or closing the panel resizes the canvas: the tooltip's anchor moves.
    setHover(null);
    if (focus && node !== null) setFocusKey((k) => k + 1);
  }, []);

  // Showing or hiding rejected programs renumbers the nodes: the selection follows its program.
  const reselect = useRef<string | null>(null);
  const toggleRejected = (on: boolean) => {
    reselect.current = graph && selected !== null && selected < graph.count ? graph.ids[selected] : null;
    setSelected(null);
    setShowRejected(on);
  };
  useEffect(() => {
    if (!graph || reselect.current === null) return;
    const i = graph.ids.indexOf(reselect.current);
    reselect.current = null;
    if (i >= 0) select(i, true);
  }, [graph, select]);

  // A permalink's node, once the graph is there.
  const restored = useRef(false);
  // Set while the permalink's node is being selected: until then the URL keeps it (and its place).
  const restoring = useRef(false);
  useEffect(() => {
    if (!graph || restored.current) return;
    restored.current = true;
    const i = initial.node ? graph.ids.indexOf(initial.node) : -1;
    // A link to a rejected program (its page links here) shows the rejected ones, then selects it.
    if (i < 0 && initial.node && fullGraph && fullGraph.rejected.some((k) => fullGraph.ids[k] === initial.node)) {
      restoring.current = true;
      reselect.current = initial.node;
      setShowRejected(true);
      return;
    }
    if (i >= 0) {
      restoring.current = true;
      select(i, true);
    }
  }, [graph, fullGraph, initial.node, select]);

  // The view state into the URL (replaceState: no history entry, no server round trip).
  useEffect(() => {
    if (!graph) return;
    if (restoring.current && selected === null) return;
    restoring.current = false;
    const node = selected !== null && selected < graph.count ? graph.ids[selected] : null;
    const query = lineageViewQuery(window.location.search, { node, color, layout: layoutMode, metric, label, rejected: showRejected, context });
    if (`?${query}` !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}?${query}`);
  }, [graph, selected, color, layoutMode, metric, label, showRejected, context]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSelected(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const finalBest = useMemo(() => (graph ? finalBestNode(graph.externalIds, lineage) : null), [graph, lineage]);
  const bsfChain = useMemo(() => (graph ? bestSoFarNodes(lineage, graph.count) : []), [graph, lineage]);

  const onFind = (query: string) => {
    if (!graph) return false;
    const i = findNode(query, graph, layout?.ghostIds);
    if (i === null) return false;
    select(i, true);
    return true;
  };

  const ghosts = layout ? layout.nodeCount - layout.count : 0;
  const crossovers = useMemo(() => (graph ? graph.edges.ordinal.filter((o) => o > 0).length : 0), [graph]);
  let status: string;
  if (graphQuery.isError) status = `Could not load the graph: ${graphQuery.error.message}`;
  else if (!graph) status = 'Loading the graph…';
  else if (layoutState.status === 'error') status = `Layout failed: ${layoutState.error}`;
  else if (canvasError) status = `Could not load the renderer: ${canvasError}`;
  else if (!layout) status = `Laying out ${formatCount(graph.count)} programs…`;
  else {
    status = `${formatCount(graph.count)} programs · ${formatCount(graph.edges.childIndex.length)} edges`;
    if (ghosts) status += ` · ${formatCount(ghosts)} ${ghosts === 1 ? 'parent' : 'parents'} not in archive`;
    if (shown.hidden) status += ` · ${formatCount(shown.hidden)} rejected hidden`;
    status += ` · layout ${Math.round(layoutState.status === 'done' ? layoutState.ms : 0)} ms`;
    if (!lineage) status += ' · lineage facts (ancestry, best-so-far, depth, recycled share) not computed yet: checking again every few seconds';
    else if (!lineage.complete) status += ' · lineage facts cover the programs up to the last analysis';
  }

  return (
    <div className={styles.explorer}>
      <LineageToolbar
        color={color}
        metric={metric}
        label={label}
        metricKeys={metricKeys}
        layout={layoutMode}
        emphasis={emphasis}
        lineageReady={lineage !== null}
        onColor={(c, v) => {
          setColor(c);
          setMetric(c === 'metric' ? (v ?? null) : null);
          setLabel(c === 'label' && v && isEditLabel(v) ? v : null);
        }}
        onLayout={setLayoutMode}
        onEmphasis={setEmphasis}
        onFind={onFind}
        rejected={rejectedCount ? { count: rejectedCount, shown: showRejected, onChange: toggleRejected } : null}
        context={contextEdgeCount ? { count: contextEdgeCount, mode: context, onChange: setContext } : null}
        jump={
          graph && lineage
            ? {
                finalBest: finalBest === null ? null : () => select(finalBest, true),
                bestSoFar: bsfChain.length,
                step: (dir) => {
                  const next = stepBestSoFar(bsfChain, selected, dir);
                  if (next !== null) select(next, true);
                },
              }
            : null
        }
      />
      <p className={styles.status} role="status">
        {status}
      </p>
      <div className={`${styles.stage} ${selected !== null && graph && layout ? styles.withPanel : ''}`}>
        <div className={styles.canvasFrame} ref={frameRef}>
          {graph && layout && colors && LineageCanvas && sigmaGraph ? (
            <LineageCanvas
              graph={graph}
              sigmaGraph={sigmaGraph}
              layout={layout}
              lineage={lineage}
              mode={layoutMode}
              colors={colors.colors}
              emphasis={emphasis}
              context={context}
              selected={selected}
              focusKey={focusKey}
              fitKey={fitKey}
              onSelect={select}
              onHover={setHover}
              layoutMs={layoutState.status === 'done' ? layoutState.ms : undefined}
            />
          ) : (
            <Placeholder
              state={graphQuery.isError || layoutState.status === 'error' || canvasError ? 'error' : layout ? 'drawing' : graph ? 'layout' : 'loading'}
              text={status}
            />
          )}
          {graph && layout && (
            <button type="button" className={styles.fit} onClick={() => setFitKey((k) => k + 1)} title="Reset zoom and pan to show the whole graph">
              Fit to view
            </button>
          )}
          {programLabels.isError && (
            <p className={`error ${styles.canvasNote}`} role="alert">
              Could not load the edit labels: {programLabels.error.message}
            </p>
          )}
          {metricPoints.isError && (
            <p className={`error ${styles.canvasNote}`} role="alert">
              Could not load {metric}: {metricPoints.error.message}
            </p>
          )}
          {hover && graph && layout && <LineageTooltip graph={graph} layout={layout} lineage={lineage} hover={hover} />}
        </div>
        {selected !== null && graph && layout && (
          <LineagePanel
            runId={runId}
            graph={graph}
            layout={layout}
            lineage={lineage}
            node={selected}
            onSelect={select}
            metric={color === 'metric' && metric ? { name: metric, values: metricValues } : null}
          />
        )}
      </div>
      {colors && (
        <LineageLegend
          entries={colors.legend} lineage={lineage} emphasis={emphasis} crossovers={crossovers} agentCandidates={graph?.agentCandidates.length ?? 0}
          contextEdges={contextEdgeCount && context !== 'off' ? context : null}
        />
      )}
    </div>
  );
}

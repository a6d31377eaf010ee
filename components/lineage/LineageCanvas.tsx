'use client';
// Draws a laid-out lineage with sigma (WebGL). It decides nothing: positions come from the
// layout worker, colours from lineageColors.ts, emphasis and selection from props. Sigma's
// reducers read the current props from a ref, so a change of colours or selection is one
// refresh, never a rebuild. Imported in the browser only (LineageExplorer): sigma needs WebGL.
import Graph from 'graphology';
import { useEffect, useRef, useState } from 'react';
import { iterationTicks, type AxisTick } from './iterationAxis';
import Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import type { LayoutMode, LineageLayout } from '@/lib/analysis/lineageLayout';
import type { GraphLineage, RunGraph } from '@/lib/contracts/api/graph';
import { LabelPlacer, type PlacedLabel } from './labelPlacement';
import { isFaded } from './jumpTargets';
import { dimmed, PALETTE } from './lineageColors';
import { placeNodes, type EdgeAttrs, type LineageGraph, type NodeAttrs } from './lineageGraph';
import { NodeRingProgram } from './nodeRingProgram';
import styles from './Lineage.module.css';
import type { ContextMode } from './viewState';

export interface Emphasis {
  /** Emphasise the final best and its ancestors (nodes and the edges between them). */
  ancestry: boolean;
  /** Draw the best-so-far chain: consecutive best-so-far programs joined in canonical order. */
  chain: boolean;
  /** Fade dead branches (programs that are neither the final best nor one of its ancestors). */
  dim: boolean;
}

export interface LineageCanvasProps {
  graph: RunGraph;
  /** Built by buildLineageGraph while the layout ran; this component places and draws it. */
  sigmaGraph: LineageGraph;
  layout: LineageLayout;
  lineage: GraphLineage | null;
  mode: LayoutMode;
  colors: string[];
  emphasis: Emphasis;
  /** Which context edges are drawn (kind 3): none, the selected program's, or all. */
  context: ContextMode;
  selected: number | null;
  /** Changes whenever the view should centre on `selected` (find box, permalink). */
  focusKey: number;
  /** Changes whenever the view should show the whole graph again (the "Fit to view" button). */
  fitKey: number;
  onSelect: (node: number | null) => void;
  onHover: (hover: { node: number; x: number; y: number } | null) => void;
  /** Time the worker spent on the layout, shown as data-layout-ms (read by the benchmark). */
  layoutMs?: number;
}

/** Pixel size of a node: large for a small run, small (but visible) for 100k programs. */
const baseSize = (n: number) => Math.max(1.6, Math.min(6, 6 * Math.sqrt(300 / Math.max(1, n))));

/**
 * Redraws once a camera animation has ended. Sigma renders the animation's last frame while the
 * camera still counts as moving, so with hideEdgesOnMove the edges would stay hidden until the
 * next interaction.
 */
async function settle(sigma: Sigma<NodeAttrs, EdgeAttrs>, animation: Promise<void>) {
  await animation;
  sigma.scheduleRender();
}

/** How far to zoom in on a found node: more for bigger runs. */
const focusRatio = (n: number) => Math.max(0.02, Math.min(0.5, Math.sqrt(150 / Math.max(1, n))));

const LABEL_SIZE = 12;
const LABEL_FONT = 'system-ui, sans-serif';

declare global {
  interface Window {
    /** Test hook (e2e/lineage.spec.ts): where a node is drawn, in pixels from the canvas' top left. */
    __evoscopeLineage?: {
      viewportPositionOf: (id: string) => { x: number; y: number } | null;
      nodeCount: number;
      /** The labels drawn in the last frame, in pixels from the canvas' top left. */
      labels: () => readonly PlacedLabel[];
    };
  }
}

export default function LineageCanvas(props: LineageCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const sigmaRef = useRef<Sigma<NodeAttrs, EdgeAttrs> | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [state, setState] = useState<'drawing' | 'ready' | 'error'>('drawing');
  const [error, setError] = useState<string | null>(null);
  // The timeline's iteration axis, recomputed after each frame while the camera moves.
  const [ticks, setTicks] = useState<AxisTick[]>([]);
  // What the renderer last drew, so that effects only refresh it on a real change.
  const drawnMode = useRef(props.mode);
  const drawnLook = useRef<{ colors: string[]; emphasis: Emphasis; selected: number | null; context: ContextMode } | null>(null);
  const { graph, layout, sigmaGraph } = props;

  // Build the renderer once per graph and layout; everything else is a refresh.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    setState('drawing');
    const started = performance.now();
    let sigma: Sigma<NodeAttrs, EdgeAttrs>;
    let sigmaStarted = started;
    let placer: LabelPlacer | null = null;
    let lastLabels: readonly PlacedLabel[] = [];
    try {
      placeNodes(sigmaGraph, layout.positions[propsRef.current.mode]);
      sigmaStarted = performance.now();
      const size = baseSize(layout.nodeCount);
      const fewGhosts = layout.nodeCount - layout.count <= 30;
      // Eval-agent candidates (issue 13): a sparse list, turned into flags once per graph.
      const candidate = new Uint8Array(layout.nodeCount);
      for (const i of graph.agentCandidates) candidate[i] = 1;
      // Built on an empty graph, so that the 'afterRender' listener is in place for the first frame.
      sigma = new Sigma<NodeAttrs, EdgeAttrs>(new Graph<NodeAttrs, EdgeAttrs>({ type: 'directed' }), container, {
        // Fast at 50k+: no edges while the camera moves, labels only where forced.
        hideEdgesOnMove: true,
        hideLabelsOnMove: true,
        renderEdgeLabels: false,
        enableEdgeEvents: false,
        labelRenderedSizeThreshold: 12,
        labelSize: LABEL_SIZE,
        labelFont: LABEL_FONT,
        // Labels go where labelPlacement.ts says: never over another one, never cut by the edge.
        defaultDrawNodeLabel: (ctx, data) => {
          if (!data.label) return;
          const box = placer?.place({ text: data.label, nodeX: data.x, nodeY: data.y, nodeSize: data.size, priority: data.highlighted }, data.key);
          if (!box) return;
          ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
          ctx.fillRect(box.x - 1, box.y, box.width + 2, box.height);
          ctx.fillStyle = '#1f2328';
          ctx.fillText(box.text, box.x, box.y + box.height / 2 + LABEL_SIZE / 3);
        },
        defaultEdgeType: 'line',
        minEdgeThickness: 0.6,
        stagePadding: 24,
        nodeProgramClasses: { ring: NodeRingProgram },
        nodeReducer: (key, data): Partial<NodeDisplayData> => {
          const p = propsRef.current;
          const i = data.i;
          const ghost = i >= p.graph.count;
          const l = p.lineage;
          const onBest = !ghost && l?.onBestAncestry[i] === 1;
          const bsf = !ghost && l?.bestSoFar[i] === 1;
          const base = p.colors[i] ?? PALETTE.ghost;
          const out: Partial<NodeDisplayData> = { x: data.x, y: data.y, size, color: base };
          if (ghost) {
            out.type = 'ring';
            out.size = Math.max(size * 1.6, 5);
            // The ring and the legend say "not in archive"; the label keeps to the id, which is short enough to fit.
            out.label = layout.ghostIds[i - layout.count];
            out.forceLabel = fewGhosts;
          } else if (l && isFaded(p.emphasis.dim, onBest, bsf)) {
            out.color = dimmed(base);
          }
          if (onBest && p.emphasis.ancestry) {
            out.size = Math.max(size * 1.7, 4);
          }
          if (bsf && p.emphasis.chain) {
            out.size = Math.max(size * 2, 5);
          }
          if (candidate[i]) {
            // A ring of its own colour, larger than the emphasised nodes, whatever the colour mode.
            out.type = 'ring';
            out.color = PALETTE.agentCandidate;
            out.size = Math.max(out.size ?? size, size * 2.2, 6);
          }
          if (i === p.selected) {
            out.size = Math.max(size * 2.4, 8);
            out.label = ghost ? out.label : p.graph.externalIds[i];
            out.forceLabel = true;
            out.highlighted = true;
          }
          return out;
        },
        edgeReducer: (key, data): Partial<EdgeDisplayData> => {
          const p = propsRef.current;
          const l = p.lineage;
          if (data.kind === 3) {
            const shown = p.context === 'all' || (p.context === 'selected' && (data.s === p.selected || data.t === p.selected));
            return shown ? { color: PALETTE.contextEdge, size: 1.2 } : { hidden: true };
          }
          if (data.chain && p.emphasis.chain) return { color: PALETTE.chain, size: 2 };
          if (data.kind === 2) return { hidden: true };
          if (l && p.emphasis.ancestry && l.onBestAncestry[data.s] === 1 && l.onBestAncestry[data.t] === 1) {
            return { color: PALETTE.ancestry, size: 1.8 };
          }
          const color = data.kind === 1 ? PALETTE.crossoverEdge : PALETTE.edge;
          // An edge into a faded node fades with it; the best-so-far chain's edges never do.
          const dead = l && !data.chain && data.t < p.graph.count && isFaded(p.emphasis.dim, l.onBestAncestry[data.t] === 1, l.bestSoFar[data.t] === 1);
          return { color: dead ? dimmed(color) : color, size: 0.6 };
        },
      });
      sigma.once('afterRender', () => {
        const now = performance.now();
        performance.measure('lineage:sigma-init', { start: sigmaStarted, end: now });
        performance.measure('lineage:draw', { start: started, end: now });
        performance.mark('lineage:ready');
        setState('ready');
      });
      // A fresh placer per frame; the selected node's label is placed first, so that it wins.
      const labelCtx = document.createElement('canvas').getContext('2d');
      sigma.on('beforeRender', () => {
        const { width, height } = sigma.getDimensions();
        if (labelCtx) labelCtx.font = `normal ${LABEL_SIZE}px ${LABEL_FONT}`;
        placer = new LabelPlacer(width, height, LABEL_SIZE + 4, (t) => labelCtx?.measureText(t).width ?? t.length * 7);
        // Labels keep clear of the labelled nodes (the few ghosts): a label over a ring hides it.
        const labelled = fewGhosts ? Array.from({ length: layout.nodeCount - layout.count }, (_, k) => layout.count + k) : [];
        for (const i of labelled) {
          const g = sigma.getNodeDisplayData(String(i));
          if (!g) continue;
          const at = sigma.framedGraphToViewport(g);
          placer.avoidNode(at.x, at.y, sigma.scaleSize(g.size));
        }
        const sel = propsRef.current.selected;
        const d = sel !== null ? sigma.getNodeDisplayData(String(sel)) : undefined;
        if (d?.label) {
          const at = sigma.framedGraphToViewport(d);
          placer.place({ text: d.label, nodeX: at.x, nodeY: at.y, nodeSize: sigma.scaleSize(d.size), priority: true }, String(sel));
        }
      });
      let tickKey = '';
      sigma.on('afterRender', () => {
        lastLabels = placer?.placed() ?? [];
        const extent = layout.iterations;
        const { width } = sigma.getDimensions();
        const next = propsRef.current.mode === 'timeline' && extent
          ? iterationTicks(extent, sigma.viewportToGraph({ x: 0, y: 0 }).x, sigma.viewportToGraph({ x: width, y: 0 }).x, width, (x) => sigma.graphToViewport({ x, y: 0 }).x)
          : [];
        const key = next.map((t) => `${t.iteration}@${Math.round(t.at)}`).join(' ');
        if (key !== tickKey) {
          tickKey = key;
          setTicks(next);
        }
      });
      // Processes the graph and renders the first frame, synchronously.
      sigma.setGraph(sigmaGraph);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
      return;
    }
    sigmaRef.current = sigma;
    drawnMode.current = propsRef.current.mode;
    drawnLook.current = {
      colors: propsRef.current.colors, emphasis: propsRef.current.emphasis, selected: propsRef.current.selected, context: propsRef.current.context,
    };
    sigma.on('enterNode', ({ node }) => {
      const a = sigma.getGraph().getNodeAttributes(node);
      const pos = sigma.graphToViewport({ x: a.x, y: a.y });
      propsRef.current.onHover({ node: a.i, x: pos.x, y: pos.y });
    });
    sigma.on('leaveNode', () => propsRef.current.onHover(null));
    sigma.on('clickNode', ({ node }) => propsRef.current.onSelect(sigma.getGraph().getNodeAttribute(node, 'i')));
    sigma.on('clickStage', () => propsRef.current.onSelect(null));
    // The camera moved: the tooltip's anchor is stale.
    sigma.getCamera().on('updated', () => propsRef.current.onHover(null));

    const resize = new ResizeObserver(() => sigma.scheduleRender());
    resize.observe(container);
    window.__evoscopeLineage = {
      nodeCount: layout.nodeCount,
      labels: () => lastLabels,
      viewportPositionOf: (id: string) => {
        const p = propsRef.current;
        let i = p.graph.ids.indexOf(id);
        if (i < 0) i = p.graph.externalIds.indexOf(id);
        if (i < 0 && layout.ghostIds.indexOf(id) >= 0) i = layout.count + layout.ghostIds.indexOf(id);
        if (i < 0) return null;
        const a = sigma.getGraph().getNodeAttributes(String(i));
        return sigma.graphToViewport({ x: a.x, y: a.y });
      },
    };
    return () => {
      resize.disconnect();
      sigma.kill();
      sigmaRef.current = null;
      delete window.__evoscopeLineage;
    };
  }, [graph, layout, sigmaGraph]);

  // Another layout mode: move the nodes, then show the whole picture again.
  useEffect(() => {
    const sigma = sigmaRef.current;
    if (!sigma || drawnMode.current === props.mode) return;
    drawnMode.current = props.mode;
    placeNodes(sigma.getGraph(), layout.positions[props.mode]);
    void settle(sigma, sigma.getCamera().animatedReset({ duration: 300 }));
  }, [props.mode, layout]);

  // Colours, emphasis or selection changed: one refresh through the reducers (not on the first
  // render, which already used them).
  useEffect(() => {
    const drawn = drawnLook.current;
    const look = { colors: props.colors, emphasis: props.emphasis, selected: props.selected, context: props.context };
    if (!sigmaRef.current || !drawn) return;
    if (drawn.colors === look.colors && drawn.emphasis === look.emphasis && drawn.selected === look.selected && drawn.context === look.context) return;
    drawnLook.current = look;
    sigmaRef.current.refresh();
  }, [props.colors, props.emphasis, props.selected, props.context]);

  // The whole graph again (sigma's initial camera frames all nodes).
  useEffect(() => {
    const sigma = sigmaRef.current;
    if (!sigma || props.fitKey === 0) return;
    void settle(sigma, sigma.getCamera().animatedReset({ duration: 300 }));
  }, [props.fitKey]);

  // Centre on the selected node when asked to.
  useEffect(() => {
    const sigma = sigmaRef.current;
    const sel = propsRef.current.selected;
    if (!sigma || sel === null || props.focusKey === 0) return;
    const d = sigma.getNodeDisplayData(String(sel));
    if (!d) return;
    const camera = sigma.getCamera();
    void settle(sigma, camera.animate({ x: d.x, y: d.y, ratio: Math.min(camera.ratio, focusRatio(layout.nodeCount)) }, { duration: 400 }));
  }, [props.focusKey, state, layout.nodeCount]);

  return (
    <div
      ref={containerRef}
      className={styles.canvas}
      data-testid="lineage-canvas"
      data-state={state}
      data-nodes={state === 'ready' ? layout.nodeCount : undefined}
      data-layout-ms={props.layoutMs !== undefined ? Math.round(props.layoutMs) : undefined}
      aria-label={`Lineage of ${graph.count.toLocaleString('en-US')} programs`}
      role="img"
    >
      {props.mode === 'timeline' && ticks.length > 0 && (
        <div className={styles.iterationAxis} data-testid="lineage-iteration-axis" aria-label="Iteration axis">
          {ticks.map((t) => (
            <span key={t.iteration} className={styles.iterationTick} style={{ left: t.at }} data-iteration={t.iteration}>
              {t.iteration.toLocaleString('en-US')}
            </span>
          ))}
          <span className={styles.iterationCaption}>iteration</span>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          Could not draw the lineage: {error}
        </p>
      )}
    </div>
  );
}

// PREPARE for the score chart: scales, ticks, the best-so-far step path and every program's
// pixel position, computed from plain data. Pure (d3 computes, React and a canvas draw).
import { curveStepAfter, line, quadtree, scaleLinear, scaleLog, type Quadtree } from 'd3';
import type { BestSoFar, Points } from '@/lib/contracts/api/points';
import { thinTicks } from '../analysis/chartFrame';
import { DEFAULT_SCORE_VIEW, scoreDomain, type ScoreView } from './scoreDomain';

export const MARGIN = { top: 14, right: 18, left: 68, bottom: 62 };
/** The strip under the plot where programs without a score sit (invalid: red x). */
const BAND = { gap: 8, height: 16 };

/** Outside: a score beyond the y-range drawn at the plot's edge (below or above); Hidden: outside a zoom. */
export const DotKind = { Scored: 0, Invalid: 1, NoValue: 2, Below: 3, Above: 4, Hidden: 5 } as const;

export interface Tick {
  pos: number;
  label: string;
}

export interface BestMarker {
  x: number;
  y: number;
  iteration: number;
  score: number;
  programId: string;
  externalId: string;
}

export interface PreparedScoreChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  band: { top: number; bottom: number; mid: number };
  xTicks: Tick[];
  yTicks: Tick[];
  /** SVG path of the best-so-far step curve; '' when there is no valid program. */
  bestPath: string;
  bestMarkers: BestMarker[];
  dots: { x: Float32Array; y: Float32Array; kind: Uint8Array };
  counts: { scored: number; invalid: number; noValue: number };
  /** Scores outside the default y-range, drawn at the edge (0 and 0 when showing all or zoomed). */
  outliers: { below: number; above: number };
  /** The y axis is logarithmic (asked for and every score shown is positive). */
  log: boolean;
  /** A log axis can be offered: every valid score is positive. */
  logAllowed: boolean;
  zoomed: boolean;
  /** Data coordinates of a pixel position (for the brush). */
  invert: (px: number, py: number) => [number, number];
  /** Pixel x of an iteration (for overlays such as plateau bands). */
  xOf: (iteration: number) => number;
  /** Spatial index over dot indices, for hover and click; built on first use (~50 ms at 100k). */
  index: () => Quadtree<number>;
}

const tickLabel = (v: number) => {
  const a = Math.abs(v);
  return a !== 0 && (a >= 1e5 || a < 1e-3) ? v.toExponential(1) : String(Number(v.toPrecision(6)));
};

function paddedDomain(lo: number, hi: number): [number, number] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    return [lo - pad, hi + pad];
  }
  return [lo, hi];
}

export function prepareScoreChart(
  points: Points,
  best: BestSoFar | null,
  width: number,
  height: number,
  view: ScoreView = DEFAULT_SCORE_VIEW,
): PreparedScoreChart {
  const n = points.count;
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const band = { top: plot.bottom + BAND.gap, bottom: plot.bottom + BAND.gap + BAND.height, mid: plot.bottom + BAND.gap + BAND.height / 2 };

  const bestPoints = best?.points ?? [];

  let xLo = Infinity, xHi = -Infinity;
  const scores: number[] = [];
  for (let i = 0; i < n; i++) {
    const it = points.iteration[i];
    if (it < xLo) xLo = it;
    if (it > xHi) xHi = it;
    const v = points.value[i];
    if (points.valid[i] && v !== null && Number.isFinite(v)) scores.push(v);
  }
  for (const p of bestPoints) {
    xLo = Math.min(xLo, p.iteration);
    xHi = Math.max(xHi, p.iteration);
  }
  if (best?.lastIteration != null) xHi = Math.max(xHi, best.lastIteration);
  const dom = scoreDomain(scores, bestPoints.map((p) => p.score), best?.higherIsBetter ?? true, view.showAll);
  const logAllowed = scores.length > 0 && dom.lo > 0 && scores.every((v) => v > 0);
  const log = view.log && logAllowed;
  const [x0, x1] = view.x ?? paddedDomain(xLo, xHi === xLo ? xLo + 1 : xHi);
  const x = scaleLinear().domain([x0, x1]).range([plot.left, plot.right]);
  if (!view.x) x.nice();
  const [yd0, yd1] = view.y ?? paddedDomain(dom.lo, dom.hi);
  const y = log && yd0 > 0 ? scaleLog().domain([yd0, yd1]).range([plot.bottom, plot.top]) : scaleLinear().domain([yd0, yd1]).range([plot.bottom, plot.top]);
  if (!view.y) y.nice();
  const [yLo, yHi] = y.domain();
  const zoomed = view.x !== null || view.y !== null;

  const dx = new Float32Array(n);
  const dy = new Float32Array(n);
  const kind = new Uint8Array(n);
  const counts = { scored: 0, invalid: 0, noValue: 0 };
  const outliers = { below: 0, above: 0 };
  for (let i = 0; i < n; i++) {
    dx[i] = x(points.iteration[i]);
    const v = points.value[i];
    if (!points.valid[i]) {
      kind[i] = DotKind.Invalid;
      dy[i] = band.mid;
      counts.invalid++;
    } else if (v === null || !Number.isFinite(v)) {
      kind[i] = DotKind.NoValue;
      dy[i] = band.mid;
      counts.noValue++;
    } else {
      counts.scored++;
      // Beyond the range: at the edge and marked, or clipped away when the reader zoomed in.
      if (v < yLo || v > yHi) {
        kind[i] = zoomed ? DotKind.Hidden : v < yLo ? DotKind.Below : DotKind.Above;
        dy[i] = v < yLo ? plot.bottom : plot.top;
        if (!zoomed) outliers[v < yLo ? 'below' : 'above']++;
      } else {
        kind[i] = DotKind.Scored;
        dy[i] = y(v);
      }
    }
    if (view.x && (dx[i] < plot.left - 0.5 || dx[i] > plot.right + 0.5)) kind[i] = DotKind.Hidden;
  }
  const clampY = (v: number) => Math.min(plot.bottom, Math.max(plot.top, y(v)));

  const bestMarkers: BestMarker[] = bestPoints.map((p) => ({
    x: x(p.iteration), y: clampY(p.score), iteration: p.iteration, score: p.score, programId: p.programId, externalId: p.externalId,
  }));
  // Step after each improvement, held to the end of the run.
  const last = bestMarkers[bestMarkers.length - 1];
  const stepped = last ? [...bestMarkers.map((m) => [m.x, m.y] as [number, number]), [x(x.domain()[1]), last.y] as [number, number]] : [];
  const bestPath = stepped.length ? (line().curve(curveStepAfter)(stepped) ?? '') : '';

  let tree: Quadtree<number> | null = null;
  const index = () =>
    (tree ??= quadtree<number>()
      .x((i) => dx[i])
      .y((i) => dy[i])
      .addAll(Array.from({ length: n }, (_, i) => i).filter((i) => kind[i] !== DotKind.Hidden)));
  const yTickValues = log ? logTicks(yLo, yHi) : y.ticks(6);

  return {
    width,
    height,
    plot,
    band,
    xTicks: thinTicks(x.ticks(Math.max(2, Math.floor((plot.right - plot.left) / 90))).map((v) => ({ pos: x(v), label: tickLabel(v) }))),
    yTicks: yTickValues.map((v) => ({ pos: y(v), label: tickLabel(v) })),
    bestPath,
    bestMarkers,
    dots: { x: dx, y: dy, kind },
    counts,
    outliers,
    log,
    logAllowed,
    zoomed,
    invert: (px: number, py: number) => [x.invert(px), y.invert(py)],
    xOf: (v: number) => x(v),
    index,
  };
}

/** About six ticks of a log axis: the decades, or 1-2-5 steps and finally plain linear ticks on a short range. */
function logTicks(lo: number, hi: number): number[] {
  for (const steps of [[1], [1, 2, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
      for (const m of steps) {
        const v = m * 10 ** e;
        if (v >= lo && v <= hi) out.push(Number(v.toPrecision(6)));
      }
    if (out.length >= 3) return out.length > 8 ? out.filter((_, i) => i % Math.ceil(out.length / 6) === 0) : out;
  }
  return scaleLinear().domain([lo, hi]).ticks(5);
}

/** Index of the program drawn nearest to (px, py), within `radius` pixels. */
export function nearestDot(chart: PreparedScoreChart, px: number, py: number, radius = 8): number | null {
  return chart.index().find(px, py, radius) ?? null;
}

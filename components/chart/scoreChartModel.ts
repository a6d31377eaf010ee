// PREPARE for the score chart: scales, ticks, the best-so-far step path and every program's
// pixel position, computed from plain data. Pure (d3 computes, React and a canvas draw).
import { curveStepAfter, line, quadtree, scaleLinear, type Quadtree } from 'd3';
import type { BestSoFar, Points } from '@/lib/api/points';

export const MARGIN = { top: 14, right: 18, left: 68, bottom: 62 };
/** The strip under the plot where programs without a score sit (invalid: red x). */
const BAND = { gap: 8, height: 16 };

export const DotKind = { Scored: 0, Invalid: 1, NoValue: 2 } as const;

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

export function prepareScoreChart(points: Points, best: BestSoFar | null, width: number, height: number): PreparedScoreChart {
  const n = points.count;
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const band = { top: plot.bottom + BAND.gap, bottom: plot.bottom + BAND.gap + BAND.height, mid: plot.bottom + BAND.gap + BAND.height / 2 };

  const bestPoints = best?.points ?? [];

  let xLo = Infinity, xHi = -Infinity, yLo = Infinity, yHi = -Infinity;
  for (let i = 0; i < n; i++) {
    const it = points.iteration[i];
    if (it < xLo) xLo = it;
    if (it > xHi) xHi = it;
    const v = points.value[i];
    if (points.valid[i] && v !== null && Number.isFinite(v)) {
      if (v < yLo) yLo = v;
      if (v > yHi) yHi = v;
    }
  }
  for (const p of bestPoints) {
    xLo = Math.min(xLo, p.iteration);
    xHi = Math.max(xHi, p.iteration);
    yLo = Math.min(yLo, p.score);
    yHi = Math.max(yHi, p.score);
  }
  if (best?.lastIteration != null) xHi = Math.max(xHi, best.lastIteration);
  const [x0, x1] = paddedDomain(xLo, xHi === xLo ? xLo + 1 : xHi);
  const x = scaleLinear().domain([x0, x1]).range([plot.left, plot.right]).nice();
  const y = scaleLinear().domain(paddedDomain(yLo, yHi)).range([plot.bottom, plot.top]).nice();

  const dx = new Float32Array(n);
  const dy = new Float32Array(n);
  const kind = new Uint8Array(n);
  const counts = { scored: 0, invalid: 0, noValue: 0 };
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
      kind[i] = DotKind.Scored;
      dy[i] = y(v);
      counts.scored++;
    }
  }

  const bestMarkers: BestMarker[] = bestPoints.map((p) => ({
    x: x(p.iteration), y: y(p.score), iteration: p.iteration, score: p.score, programId: p.programId, externalId: p.externalId,
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
      .addAll(Array.from({ length: n }, (_, i) => i)));

  return {
    width,
    height,
    plot,
    band,
    xTicks: x.ticks(Math.max(2, Math.floor((plot.right - plot.left) / 90))).map((v) => ({ pos: x(v), label: tickLabel(v) })),
    yTicks: y.ticks(6).map((v) => ({ pos: y(v), label: tickLabel(v) })),
    bestPath,
    bestMarkers,
    dots: { x: dx, y: dy, kind },
    counts,
    xOf: (v: number) => x(v),
    index,
  };
}

/** Index of the program drawn nearest to (px, py), within `radius` pixels. */
export function nearestDot(chart: PreparedScoreChart, px: number, py: number, radius = 8): number | null {
  return chart.index().find(px, py, radius) ?? null;
}

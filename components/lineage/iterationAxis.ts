// The timeline layout's iteration axis: which iterations get a tick and where, for the part of
// the timeline the camera shows. Pure: the canvas hands in the visible extent in layout
// coordinates and a function to the screen; ticks are whole iterations at a round step, so that
// zooming in shows finer ones.
import { tickStep } from 'd3';

export interface IterationExtent {
  /** Iterations at layout x = 0 and x = width (lineageLayout's `iterations`). */
  min: number;
  max: number;
  width: number;
}

export interface AxisTick {
  iteration: number;
  /** Pixels from the canvas's left edge. */
  at: number;
}

/** Layout x of an iteration (lineageLayout: the middle when every program has one iteration). */
export function iterationX(e: IterationExtent, iteration: number): number {
  return e.max > e.min ? ((iteration - e.min) / (e.max - e.min)) * e.width : e.width / 2;
}

/**
 * Ticks for the visible layout x range [fromX, toX], about one per `spacing` pixels of a
 * `pixels`-wide canvas; `toScreen` maps a layout x to pixels. Ticks outside [0, pixels] and
 * outside the run's iterations are left out.
 */
export function iterationTicks(e: IterationExtent, fromX: number, toX: number, pixels: number, toScreen: (x: number) => number, spacing = 80): AxisTick[] {
  if (!(pixels > 0) || !Number.isFinite(fromX) || !Number.isFinite(toX)) return [];
  if (e.max <= e.min) {
    const at = toScreen(iterationX(e, e.min));
    return at >= 0 && at <= pixels ? [{ iteration: e.min, at }] : [];
  }
  const toIter = (x: number) => e.min + (x / e.width) * (e.max - e.min);
  const lo = Math.max(e.min, Math.min(toIter(fromX), toIter(toX)));
  const hi = Math.min(e.max, Math.max(toIter(fromX), toIter(toX)));
  if (hi < lo) return [];
  const wanted = Math.max(1, Math.floor(pixels / spacing));
  const step = Math.max(1, hi > lo ? tickStep(lo, hi, wanted) : 1);
  const out: AxisTick[] = [];
  for (let it = Math.ceil(lo / step) * step; it <= hi + 1e-9 && out.length < 1000; it += step) {
    const at = toScreen(iterationX(e, it));
    if (at >= 0 && at <= pixels) out.push({ iteration: Math.round(it), at });
  }
  return out;
}

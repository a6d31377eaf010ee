// Prepare for the strategy timeline (EvoX: which search strategy was active over which solution
// iterations). Pure: strategies in, one bar per strategy out, placed on the solution-iteration
// axis in percent, with what the chart marks (score, new best, fallback). StrategyTimeline only
// draws it.
//
// Where a strategy's span was not recorded whole: a missing end is the iteration before the next
// placed strategy starts, or the run's last iteration for the last one (`endInferred`); a strategy
// without a start cannot be placed and is listed apart (`unplaced`), never guessed.

export interface StrategyInput {
  iteration: number;
  score: number | null;
  isNewBest: boolean | null;
  fallback: boolean | null;
  activeFrom: number | null;
  activeTo: number | null;
}

export type BarKind = 'new-best' | 'fallback' | 'plain';

export interface TimelineBar {
  /** The strategy's own iteration (search/iteration_N). */
  iteration: number;
  from: number;
  to: number;
  endInferred: boolean;
  score: number | null;
  kind: BarKind;
  /** Position on the axis, percent of its width. */
  left: number;
  width: number;
}

export interface TimelineModel {
  bars: TimelineBar[];
  /** Strategy iterations without a recorded start. */
  unplaced: number[];
  /** The axis: first and last solution iteration shown. */
  domain: [number, number] | null;
  ticks: { at: number; left: number }[];
}

/** A fallback (EvoX went back to an earlier strategy) is marked even if its score was the best. */
export function barKind(s: Pick<StrategyInput, 'isNewBest' | 'fallback'>): BarKind {
  if (s.fallback) return 'fallback';
  if (s.isNewBest) return 'new-best';
  return 'plain';
}

export function strategyTimeline(strategies: readonly StrategyInput[], lastIteration: number | null, tickCount = 6): TimelineModel {
  const placed = strategies.filter((s) => s.activeFrom != null).sort((a, b) => a.activeFrom! - b.activeFrom! || a.iteration - b.iteration);
  const unplaced = strategies.filter((s) => s.activeFrom == null).map((s) => s.iteration).sort((a, b) => a - b);
  const spans = placed.map((s, k) => {
    const next = placed[k + 1]?.activeFrom;
    const inferred = s.activeTo == null;
    const to = s.activeTo ?? (next != null ? Math.max(s.activeFrom!, next - 1) : Math.max(s.activeFrom!, lastIteration ?? s.activeFrom!));
    return { s, from: s.activeFrom!, to, inferred };
  });
  if (!spans.length) return { bars: [], unplaced, domain: null, ticks: [] };
  const lo = Math.min(...spans.map((x) => x.from));
  const hi = Math.max(...spans.map((x) => x.to));
  // A bar covers its last iteration whole: the axis runs to hi + 1.
  const span = hi + 1 - lo;
  const pct = (v: number) => ((v - lo) / span) * 100;
  const bars = spans.map(({ s, from, to, inferred }) => ({
    iteration: s.iteration, from, to, endInferred: inferred, score: s.score, kind: barKind(s),
    left: pct(from), width: pct(to + 1) - pct(from),
  }));
  const step = Math.max(1, niceStep(span / Math.max(1, tickCount - 1)));
  const ticks: { at: number; left: number }[] = [];
  for (let at = Math.ceil(lo / step) * step; at <= hi + 1; at += step) ticks.push({ at, left: pct(at) });
  return { bars, unplaced, domain: [lo, hi], ticks };
}

/** 1, 2, 5 times a power of ten, at least `raw`. */
function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** The strategy a strategy's diff is taken against: the one before it by strategy iteration. */
export function previousStrategy<T extends { iteration: number }>(strategies: readonly T[], iteration: number): T | null {
  let best: T | null = null;
  for (const s of strategies) if (s.iteration < iteration && (!best || s.iteration > best.iteration)) best = s;
  return best;
}

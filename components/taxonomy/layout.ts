// PREPARE for the taxonomy page (paper §5.1, Figure 4): the two-panel figure (prevalence bars,
// odds ratios with 95 % whiskers on a log axis), the enrichment bars, the label mix over four
// stages and the co-occurrence matrix, from a TaxonomyStats. Pure: d3 scales compute, the
// components only draw what these functions return.
import { interpolateBlues, scaleBand, scaleLinear, scaleLog, scaleSqrt } from 'd3';
import { EDIT_LABELS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import type { LabelStats, TaxonomyStats } from '@/lib/contracts/taxonomyTypes';
import { estimateLabelWidth, percentLabel, tickLabel, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

const ORDER = new Map<EditLabel, number>(EDIT_LABELS.map((l, i) => [l, i]));

/**
 * A label no scored edit carries (a = b = 0): the +0.5 correction still gives it a finite odds
 * ratio, (d+.5)/(c+.5), which says nothing about the label. It is drawn apart, not as evidence.
 */
export const carriedByNoScoredEdit = (s: LabelStats): boolean => s.oddsRatio !== null && s.table.a + s.table.b === 0;

/**
 * Labels by odds ratio, largest first (the paper's panel b); then labels no scored edit carries;
 * labels without an odds ratio (no scored edit) last; ties in Table 9 order so the order never
 * depends on the input's.
 */
export function sortByOddsRatio(labels: readonly LabelStats[]): LabelStats[] {
  const rank = (s: LabelStats) => (s.oddsRatio === null ? 2 : carriedByNoScoredEdit(s) ? 1 : 0);
  return [...labels].sort((a, b) => {
    const x = a.oddsRatio;
    const y = b.oddsRatio;
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (x !== null && y !== null && x !== y) return y - x;
    return ORDER.get(a.label)! - ORDER.get(b.label)!;
  });
}

const finitePositive = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;

/**
 * A log domain around every odds ratio and interval end of the labels some scored edit carries,
 * 1 always inside, padded a little.
 */
export function oddsDomain(labels: readonly LabelStats[]): [number, number] {
  const vals = [1];
  for (const l of labels) if (!carriedByNoScoredEdit(l)) for (const v of [l.oddsRatio, l.ciLow, l.ciHigh]) if (finitePositive(v)) vals.push(v);
  const lo = Math.min(...vals);
  const hi = Math.max(...vals);
  return [lo / 1.25, hi * 1.25];
}

/**
 * Ticks of a log axis: 1, 2, 5 times powers of ten inside the domain; only the powers of ten
 * when those would crowd (fewer than `spacing` pixels apart on average).
 */
export function logTicks(domain: [number, number], pixels: number, spacing = 44): number[] {
  const [lo, hi] = domain;
  const all: number[] = [];
  const only10: number[] = [];
  for (let k = Math.floor(Math.log10(lo)); k <= Math.ceil(Math.log10(hi)); k++) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** k).toPrecision(3));
      if (v >= lo && v <= hi) {
        all.push(v);
        if (m === 1) only10.push(v);
      }
    }
  }
  const picked = all.length <= Math.max(2, pixels / spacing) ? all : only10;
  return picked.includes(1) ? picked : [...picked, 1].sort((a, b) => a - b);
}

export interface FigureRow {
  label: EditLabel;
  title: string;
  /** Centre of the row. */
  y: number;
  stats: LabelStats;
  /** Prevalence bar, from the left panel's left edge. */
  bar: { x: number; width: number };
  /** Odds-ratio point and its whisker (clamped into the plot), null without an odds ratio. */
  odds: { x: number; lo: number; hi: number; above: boolean; unused: boolean } | null;
}

export interface PreparedFigure {
  width: number;
  height: number;
  rowHeight: number;
  /** Right edge of the label column. */
  labelRight: number;
  prevalence: { plot: Plot; ticks: Tick[] };
  odds: { plot: Plot; ticks: Tick[]; reference: number; domain: [number, number] };
  rows: FigureRow[];
}

export const FIGURE_ROW = 26;
const LABEL_COLUMN = 150;
const PANEL_GAP = 28;
const TOP = 22;
const BOTTOM = 38;

/**
 * The two panels share one row per label, sorted by odds ratio: panel a, prevalence (share of
 * edits carrying the label), on a linear axis from 0; panel b, the odds ratio for a positive
 * normalised score change with its 95 % interval, on a log axis with a reference line at 1.
 */
export function prepareFigure(stats: TaxonomyStats, width: number): PreparedFigure {
  const rows = sortByOddsRatio(stats.labels);
  const height = TOP + rows.length * FIGURE_ROW + BOTTOM;
  const inner = Math.max(200, width - LABEL_COLUMN - PANEL_GAP - 12);
  const aWidth = Math.round(inner * 0.42);
  const aPlot: Plot = { left: LABEL_COLUMN, right: LABEL_COLUMN + aWidth, top: TOP, bottom: height - BOTTOM };
  const bPlot: Plot = { left: aPlot.right + PANEL_GAP, right: Math.max(aPlot.right + PANEL_GAP + 60, width - 12), top: TOP, bottom: height - BOTTOM };
  const maxPrev = Math.max(0.05, ...rows.map((r) => r.prevalence));
  const x = scaleLinear().domain([0, maxPrev]).range([aPlot.left, aPlot.right]).nice();
  const domain = oddsDomain(rows);
  const lx = scaleLog().domain(domain).range([bPlot.left, bPlot.right]);
  const clamp = (v: number) => Math.min(bPlot.right, Math.max(bPlot.left, v));
  const prepared = rows.map((s, i): FigureRow => {
    const y = TOP + (i + 0.5) * FIGURE_ROW;
    const or = s.oddsRatio;
    return {
      label: s.label,
      title: LABEL_TITLES[s.label],
      y,
      stats: s,
      bar: { x: aPlot.left, width: Math.max(0, x(s.prevalence) - aPlot.left) },
      odds: finitePositive(or)
        ? {
            x: clamp(lx(or)),
            lo: clamp(finitePositive(s.ciLow) ? lx(s.ciLow) : lx(or)),
            hi: clamp(finitePositive(s.ciHigh) ? lx(s.ciHigh) : bPlot.right),
            above: or > 1,
            unused: carriedByNoScoredEdit(s),
          }
        : null,
    };
  });
  return {
    width,
    height,
    rowHeight: FIGURE_ROW,
    labelRight: LABEL_COLUMN - 8,
    prevalence: { plot: aPlot, ticks: ticksOf(x, Math.max(2, Math.floor(aWidth / 70)), percentLabel) },
    odds: {
      plot: bPlot,
      ticks: logTicks(domain, bPlot.right - bPlot.left).map((v) => ({ pos: lx(v), label: tickLabel(v) })),
      reference: lx(1),
      domain,
    },
    rows: prepared,
  };
}

export interface EnrichmentRow {
  label: EditLabel;
  title: string;
  y: number;
  bestSoFar: { value: number | null; width: number };
  finalLineage: { value: number | null; width: number };
}

export interface PreparedEnrichment {
  width: number;
  height: number;
  plot: Plot;
  ticks: Tick[];
  /** x of enrichment 1 (the base rate). */
  reference: number;
  barHeight: number;
  rows: EnrichmentRow[];
}

/**
 * Two bars per label (share among best-so-far updates / share among all edits, and the same
 * along the final best's lineage) on a linear axis from 0 with a line at 1 = the base rate.
 * Rows follow `order` (the figure's, so the eye can move across).
 */
export function prepareEnrichment(stats: TaxonomyStats, width: number, order: readonly EditLabel[]): PreparedEnrichment {
  const byLabel = new Map(stats.labels.map((l) => [l.label, l]));
  const labels = order.filter((l) => byLabel.has(l));
  const row = 30;
  const height = TOP + labels.length * row + BOTTOM;
  const plot: Plot = { left: LABEL_COLUMN, right: Math.max(LABEL_COLUMN + 60, width - 40), top: TOP, bottom: height - BOTTOM };
  let max = 2;
  for (const l of labels) for (const v of [byLabel.get(l)!.enrichmentBestSoFar, byLabel.get(l)!.enrichmentFinalLineage]) if (v !== null && Number.isFinite(v)) max = Math.max(max, v);
  const x = scaleLinear().domain([0, max]).range([plot.left, plot.right]).nice();
  const w = (v: number | null) => (v === null || !Number.isFinite(v) ? 0 : Math.min(plot.right, x(v)) - plot.left);
  return {
    width,
    height,
    plot,
    ticks: ticksOf(x, Math.max(2, Math.floor((plot.right - plot.left) / 70))),
    reference: x(1),
    barHeight: 10,
    rows: labels.map((l, i) => {
      const s = byLabel.get(l)!;
      return {
        label: l,
        title: LABEL_TITLES[l],
        y: TOP + (i + 0.5) * row,
        bestSoFar: { value: s.enrichmentBestSoFar, width: w(s.enrichmentBestSoFar) },
        finalLineage: { value: s.enrichmentFinalLineage, width: w(s.enrichmentFinalLineage) },
      };
    }),
  };
}

export interface StageSegment {
  label: EditLabel;
  y: number;
  height: number;
  count: number;
  /** count / all label assignments in the stage. */
  share: number;
}
export interface StageBar {
  x: number;
  width: number;
  caption: string;
  edits: number;
  assignments: number;
  segments: StageSegment[];
}
export interface PreparedStages {
  width: number;
  height: number;
  plot: Plot;
  yTicks: Tick[];
  bars: StageBar[];
}

/** "0–25 %" for a stage [0, 0.25). */
export const stageCaption = (from: number, to: number) => `${Math.round(from * 100)}–${Math.round(to * 100)} %`;

/**
 * One 100 % stacked bar per stage of normalised iteration: each label's share of the label
 * assignments in the stage (an edit with two labels counts once for each), in Table 9 order
 * from the bottom. A stage without edits has no segments.
 */
export function prepareStages(stats: TaxonomyStats, width: number, height: number): PreparedStages {
  const plot: Plot = { left: 48, right: Math.max(108, width - 12), top: 12, bottom: height - 40 };
  const x = scaleBand<number>().domain(stats.stages.map((_, i) => i)).range([plot.left, plot.right]).padding(0.3);
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const bars = stats.stages.map((st, i): StageBar => {
    const assignments = EDIT_LABELS.reduce((s, l) => s + (st.counts[l] ?? 0), 0);
    let acc = 0;
    const segments: StageSegment[] = [];
    if (assignments > 0) {
      for (const l of EDIT_LABELS) {
        const count = st.counts[l] ?? 0;
        if (!count) continue;
        const share = count / assignments;
        segments.push({ label: l, count, share, y: y(acc + share), height: y(acc) - y(acc + share) });
        acc += share;
      }
    }
    return { x: x(i)!, width: x.bandwidth(), caption: stageCaption(st.from, st.to), edits: st.edits, assignments, segments };
  });
  return { width, height, plot, yTicks: ticksOf(y, 5, percentLabel), bars };
}

export interface MatrixCell {
  row: EditLabel;
  col: EditLabel;
  x: number;
  y: number;
  count: number;
  fill: string;
  /** Text colour readable on the fill. */
  ink: string;
}
export interface PreparedMatrix {
  size: number;
  cell: number;
  /** Where the grid starts (room for the row and column labels). */
  left: number;
  top: number;
  labels: EditLabel[];
  cells: MatrixCell[];
}

/**
 * The symmetric co-occurrence matrix as a heatmap in Table 9 order: edits carrying both labels,
 * shaded on a square-root scale over the off-diagonal counts (the diagonal, each label's own
 * count, would wash the rest out, so it is drawn in grey).
 */
/** Angle of the column labels above the matrix (degrees above the horizontal). */
export const MATRIX_LABEL_ANGLE = 55;

export function prepareMatrix(matrix: readonly (readonly number[])[], cell = 34): PreparedMatrix {
  const n = EDIT_LABELS.length;
  // Margins from the longest label, so no title is cut ("Hyperparameter tunin" was, at a fixed
  // 110 px): the row labels' width on the left, the rotated column labels' rise on top.
  const longest = Math.max(...EDIT_LABELS.map((l) => estimateLabelWidth(LABEL_TITLES[l])));
  const rad = (MATRIX_LABEL_ANGLE * Math.PI) / 180;
  const left = longest + 6;
  const top = Math.ceil(longest * Math.sin(rad) + 11 * Math.cos(rad)) + 10;
  let max = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) max = Math.max(max, matrix[i]?.[j] ?? 0);
  const shade = scaleSqrt().domain([0, Math.max(1, max)]).range([0.04, 0.95]);
  const cells: MatrixCell[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const count = matrix[i]?.[j] ?? 0;
      const diag = i === j;
      const t = shade(count);
      cells.push({
        row: EDIT_LABELS[i],
        col: EDIT_LABELS[j],
        x: left + j * cell,
        y: top + i * cell,
        count,
        fill: diag ? '#e4e5e8' : count === 0 ? '#fafafa' : interpolateBlues(t),
        ink: !diag && t > 0.55 ? '#ffffff' : '#1c1d1f',
      });
    }
  }
  // Room right of the grid for the last rotated column labels.
  return { size: left + n * cell + Math.ceil(longest * Math.cos(rad)) + 10, cell, left, top, labels: [...EDIT_LABELS], cells };
}

// PREPARE: an OpenEvolve island feature map (cell key "i-j" -> program) as grid cells. OpenEvolve
// keys cells by the bin indices joined with '-'; keys that are not two integers are kept as a list.
import { interpolateViridis, scaleSequential } from 'd3';
import type { SearchConfig } from '@/lib/trace/searchState';

export type FeatureGrid = { twoD: boolean; cols: number; rows: number; cells: { key: string; col: number; row: number; program: string }[] };

export function featureGrid(map: Record<string, string>): FeatureGrid {
  const cells = Object.entries(map).map(([key, program]) => {
    const m = /^(\d+)-(\d+)$/.exec(key);
    return { key, col: m ? Number(m[1]) : -1, row: m ? Number(m[2]) : -1, program };
  });
  const twoD = cells.every((c) => c.col >= 0);
  return {
    twoD,
    cols: twoD ? Math.max(0, ...cells.map((c) => c.col)) + 1 : 0,
    rows: twoD ? Math.max(0, ...cells.map((c) => c.row)) + 1 : 0,
    cells,
  };
}

export interface FeatureMapCell {
  key: string;
  program: string;
  x: number;
  y: number;
  score: number | null;
  fill: string;
}
export interface FeatureAxis {
  name: string;
  bins: number;
  /** Bin indices labelled (every k-th when they would crowd), at the bin's centre. */
  ticks: { pos: number; label: string }[];
}
export interface PreparedFeatureMap {
  width: number;
  height: number;
  cell: number;
  plot: { left: number; top: number; right: number; bottom: number };
  x: FeatureAxis;
  y: FeatureAxis;
  cells: FeatureMapCell[];
  /** Colour legend: the score range and the gradient's stops; null when no cell has a score. */
  legend: { min: number; max: number; stops: { offset: number; colour: string }[] } | null;
}

/** Colour of a program without a score (its cell is drawn, hatched by the grey). */
export const NO_SCORE_FILL = '#c9ccd1';
const MARGIN = { left: 58, top: 8, right: 12, bottom: 46 };

function binsOf(config: SearchConfig | null, name: string, fallback: number): number {
  const b = config?.feature_bins;
  const n = typeof b === 'number' ? b : b && typeof b === 'object' ? b[name] : undefined;
  return Math.max(fallback, n ?? 0, 1);
}

function axisTicks(bins: number, cell: number, at: (i: number) => number): { pos: number; label: string }[] {
  // Every k-th bin so labels of up to 3 characters stay ~24 px apart.
  const k = Math.max(1, Math.ceil(24 / cell));
  return Array.from({ length: bins }, (_, i) => i).filter((i) => i % k === 0).map((i) => ({ pos: at(i), label: String(i) }));
}

/**
 * The MAP-Elites grid of one island as a heatmap: one square per bin pair, the axes named after
 * the run's feature_dimensions with their bins (feature_bins, else as many as the cells use),
 * each occupied cell coloured by its elite's score (viridis, higher lighter), with its legend.
 */
export function prepareFeatureMap(
  grid: FeatureGrid,
  config: SearchConfig | null,
  scoreOf: (program: string) => number | null,
  maxWidth = 560,
): PreparedFeatureMap {
  const dims = config?.feature_dimensions ?? [];
  const xName = dims[0] ?? 'feature 1';
  const yName = dims[1] ?? 'feature 2';
  const cols = binsOf(config, xName, grid.cols);
  const rows = binsOf(config, yName, grid.rows);
  const cell = Math.max(8, Math.min(30, Math.floor((maxWidth - MARGIN.left - MARGIN.right) / cols)));
  const plot = { left: MARGIN.left, top: MARGIN.top, right: MARGIN.left + cols * cell, bottom: MARGIN.top + rows * cell };
  const scores = grid.cells.map((c) => scoreOf(c.program));
  const known = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  const min = known.length ? Math.min(...known) : 0;
  const max = known.length ? Math.max(...known) : 1;
  const colour = scaleSequential(interpolateViridis).domain(min === max ? [min - 1, max + 1] : [min, max]);
  const cells = grid.cells.map((c, i) => ({
    key: c.key,
    program: c.program,
    x: plot.left + c.col * cell,
    y: plot.top + (rows - 1 - c.row) * cell,
    score: scores[i],
    fill: scores[i] === null ? NO_SCORE_FILL : colour(scores[i]!),
  }));
  return {
    width: plot.right + MARGIN.right,
    height: plot.bottom + MARGIN.bottom,
    cell,
    plot,
    x: { name: xName, bins: cols, ticks: axisTicks(cols, cell, (i) => plot.left + (i + 0.5) * cell) },
    y: { name: yName, bins: rows, ticks: axisTicks(rows, cell, (i) => plot.top + (rows - 1 - i + 0.5) * cell) },
    cells,
    legend: known.length
      ? { min, max, stops: [0, 0.25, 0.5, 0.75, 1].map((t) => ({ offset: t, colour: interpolateViridis(t) })) }
      : null,
  };
}

// PREPARE for the plateaus on the score chart (lib/analysis/plateaus.ts): bands in pixels on the
// chart's iteration axis, the sentence each plateau is described by, and the CSV export. Pure.
import type { PlateausResponse } from '@/lib/contracts/api/plateaus';
import { toCsv } from '@/lib/contracts/csv';
import { formatCost } from '../run/costFormat';

type Span = PlateausResponse['plateaus'][number];

export interface PlateauBand {
  index: number;
  x0: number;
  x1: number;
}

/**
 * Bands on the iteration axis. On the iteration axis a plateau covers its iterations (half a step
 * either side, so a one-iteration plateau is visible); on a generation axis, the iterations of
 * the programs inside it (none inside: no band, the row in the list still says it).
 */
export function plateauBands(
  r: Pick<PlateausResponse, 'axis' | 'plateaus'>,
  xOf: (iteration: number) => number,
  plot: { left: number; right: number },
): PlateauBand[] {
  const bands: PlateauBand[] = [];
  r.plateaus.forEach((p, index) => {
    const [lo, hi] = r.axis === 'iteration' ? [p.startGeneration, p.endGeneration] : [p.firstIteration, p.lastIteration];
    if (lo === null || hi === null) return;
    const x0 = Math.max(plot.left, Math.min(plot.right, xOf(lo - 0.5)));
    const x1 = Math.max(plot.left, Math.min(plot.right, xOf(hi + 0.5)));
    if (x1 > x0) bands.push({ index, x0, x1 });
  });
  return bands;
}

const unit = (axis: PlateausResponse['axis'], n: number) => `${axis}${n === 1 ? '' : 's'}`;

/** "generations 12–31, 20 generations, 143 programs, $0.42" (cost and tokens where known). */
export function describePlateau(p: Span, axis: PlateausResponse['axis']): string {
  const parts = [
    `${unit(axis, 2)} ${p.startGeneration}–${p.endGeneration}${p.open ? ' (run ends on it)' : ''}`,
    `${p.length} ${unit(axis, p.length)}`,
    `${p.programs} program${p.programs === 1 ? '' : 's'}`,
  ];
  if (p.cost !== null) parts.push(formatCost(p.cost));
  if (p.tokens !== null) parts.push(`${Math.round(p.tokens).toLocaleString('en-US')} tokens`);
  return parts.join(', ');
}

/** One row per plateau, with the K and axis it was found with. */
export function plateausCsv(r: Pick<PlateausResponse, 'k' | 'axis' | 'metric' | 'plateaus'>, runId: string): string {
  return toCsv(
    ['run_id', 'metric', 'k', 'axis', 'start', 'end', 'length', 'best_score', 'programs', 'cost', 'tokens', 'open'],
    r.plateaus.map((p) => [runId, r.metric, r.k, r.axis, p.startGeneration, p.endGeneration, p.length, p.bestScore, p.programs, p.cost, p.tokens, p.open]),
  );
}

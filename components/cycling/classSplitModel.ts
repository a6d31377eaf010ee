// PREPARE for the literal / tuning / trivial split: one horizontal stacked bar. Pure.
import { scaleLinear } from 'd3';
import type { CycleClass } from '@/lib/contracts/analysisTypes';

export const CYCLE_CLASSES: readonly CycleClass[] = ['literal', 'tuning', 'trivial'];

export interface ClassSegment {
  klass: CycleClass;
  count: number;
  share: number;
  x: number;
  width: number;
}

export function prepareClassSplit(counts: Record<CycleClass, number>, width: number): { total: number; segments: ClassSegment[] } {
  const total = CYCLE_CLASSES.reduce((s, k) => s + counts[k], 0);
  const x = scaleLinear().domain([0, Math.max(1, total)]).range([0, width]);
  let at = 0;
  const segments = CYCLE_CLASSES.map((klass) => {
    const count = counts[klass];
    const seg = { klass, count, share: total ? count / total : 0, x: x(at), width: x(at + count) - x(at) };
    at += count;
    return seg;
  });
  return { total, segments };
}

/**
 * How the class split relates to the headline's cycle events (issue 24: "cycle events 70 and
 * recycled additions 69, but literal 66 + tuning 52 = 118"). The classes come from a wider
 * pairing (EvoReplay's classify_cycles: lines matched by their number-collapsed skeleton, one
 * re-addition per skeleton and edit), so their total is its own figure, stated beside the bar.
 */
export function classSplitNote(counts: Record<CycleClass, number>, cycleEvents: number, recycledAdded: number): { total: number; text: string } {
  const total = CYCLE_CLASSES.reduce((s, k) => s + counts[k], 0);
  const parts = `${counts.literal} literal + ${counts.tuning} tuning + ${counts.trivial} trivial = ${total} re-additions by skeleton`;
  const relation =
    total === recycledAdded
      ? 'the same count as the recycled additions above.'
      : `a wider pairing than the ${cycleEvents} cycle events (${recycledAdded} recycled additions) above, which pair identical lines only: an added line whose removed twin differs only in its numbers is a tuning re-addition here and no cycle event there; each skeleton counts once per edit.`;
  return { total, text: `${parts}: ${relation}` };
}

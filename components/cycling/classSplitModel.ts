// PREPARE for the literal / tuning / trivial split: one horizontal stacked bar. Pure.
import { scaleLinear } from 'd3';
import type { CycleClass } from '@/lib/analysis/types';

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

import { describe, expect, it } from 'vitest';
import type { CompositionSlice } from '@/lib/contracts/api/analyses';
import { prepareCompositionChart } from './compositionChartModel';

const slice = (from: number, counts: Partial<CompositionSlice['counts']>, none = 0): CompositionSlice => ({
  from,
  to: from + 4,
  counts: { pure_tuning: 0, mostly_tuning: 0, mixed: 0, mostly_structural: 0, pure_structural: 0, ...counts },
  none,
});

describe('composition over iterations', () => {
  const slices = [slice(0, { pure_tuning: 2, pure_structural: 2 }, 1), slice(5, { mixed: 1 })];

  it('stacks the buckets of each iteration range, tuning at the bottom, no-code edits on top', () => {
    const c = prepareCompositionChart(slices, 300, 200, false);
    const first = c.rects.filter((r) => r.from === 0);
    expect(first.map((r) => r.key)).toEqual(['pure_tuning', 'pure_structural', 'none']);
    expect(first.map((r) => r.count)).toEqual([2, 2, 1]);
    expect(first[0].y).toBeGreaterThan(first[1].y);
    expect(first[1].y).toBeGreaterThan(first[2].y);
    expect(first[0].height).toBeCloseTo(first[1].height);
    expect(first.every((r) => r.total === 5)).toBe(true);
    // Adjacent ranges do not overlap.
    const second = c.rects.find((r) => r.from === 5)!;
    expect(second.x).toBeGreaterThanOrEqual(first[0].x + first[0].width);
  });

  it('scales each bar to 100 % in share mode', () => {
    const c = prepareCompositionChart(slices, 300, 200, true);
    const heights = (from: number) => c.rects.filter((r) => r.from === from).reduce((s, r) => s + r.height, 0);
    expect(heights(0)).toBeCloseTo(heights(5));
    expect(heights(0)).toBeCloseTo(c.plot.bottom - c.plot.top);
    expect(c.yTicks.at(-1)!.label).toBe('100%');
  });

  it('draws nothing for an empty report', () => {
    expect(prepareCompositionChart([], 300, 200, false).rects).toEqual([]);
  });
});

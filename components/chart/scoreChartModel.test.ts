import { describe, expect, it } from 'vitest';
import type { BestSoFar, Points } from '@/lib/contracts/api/points';
import { DotKind, MARGIN, nearestDot, prepareScoreChart } from './scoreChartModel';

const points: Points = {
  metric: 'combined_score',
  count: 5,
  seq: [0, 1, 2, 3, 4],
  iteration: [0, 1, 2, 3, 10],
  value: [0.2, 0.5, null, 0.4, 0.9],
  valid: [true, true, true, false, true],
  id: ['a', 'b', 'c', 'd', 'e'],
};
const pt = (seq: number, iteration: number, score: number, id: string) => ({ seq, iteration, score, programId: id, externalId: id });
const best: BestSoFar = {
  metric: 'combined_score',
  higherIsBetter: true,
  definition: 'strict improvements',
  points: [pt(0, 0, 0.2, 'a'), pt(1, 1, 0.5, 'b'), pt(4, 10, 0.9, 'e')],
  finalBest: pt(4, 10, 0.9, 'e'),
  lastIteration: 12,
  normalisedIterationOfBest: 10 / 12,
};

describe('prepareScoreChart', () => {
  const chart = prepareScoreChart(points, best, 600, 300);

  it('sorts programs into scored dots and the bottom band', () => {
    expect(Array.from(chart.dots.kind)).toEqual([DotKind.Scored, DotKind.Scored, DotKind.NoValue, DotKind.Invalid, DotKind.Scored]);
    expect(chart.counts).toEqual({ scored: 3, invalid: 1, noValue: 1 });
    expect(chart.dots.y[3]).toBe(chart.band.mid);
    expect(chart.band.top).toBeGreaterThan(chart.plot.bottom);
  });

  it('maps higher scores higher up and later iterations to the right, inside the plot', () => {
    expect(chart.dots.y[4]).toBeLessThan(chart.dots.y[0]);
    expect(chart.dots.x[4]).toBeGreaterThan(chart.dots.x[0]);
    for (let i = 0; i < 5; i++) {
      expect(chart.dots.x[i]).toBeGreaterThanOrEqual(MARGIN.left);
      expect(chart.dots.x[i]).toBeLessThanOrEqual(600 - MARGIN.right);
    }
  });

  it('draws the best-so-far as a step path held to the end of the run', () => {
    expect(chart.bestPath).toMatch(/^M/);
    expect(chart.bestMarkers).toHaveLength(3);
    // the x domain reaches lastIteration (12), beyond the last program (10)
    const lastX = Number(/([\d.]+),([\d.]+)$/.exec(chart.bestPath)![1]);
    expect(lastX).toBeCloseTo(chart.plot.right, 0);
  });

  it('has no curve while the analysis is pending, and finds the dot under the pointer', () => {
    const pending = prepareScoreChart(points, null, 600, 300);
    expect(pending.bestPath).toBe('');
    expect(nearestDot(pending, pending.dots.x[1], pending.dots.y[1])).toBe(1);
    expect(nearestDot(pending, 1, 1)).toBeNull();
  });

  it('copes with an empty run', () => {
    const empty = prepareScoreChart({ ...points, count: 0, seq: [], iteration: [], value: [], valid: [], id: [] }, null, 400, 200);
    expect(empty.dots.kind).toHaveLength(0);
    expect(empty.yTicks.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { normalisedCurve, prepareCompareChart, prepareCompositionShares, prepareShareBars } from './compareModel';

const run = (points: [number, number][], lastIteration: number | null, runId = 'r') => ({
  runId,
  name: runId,
  points: points.map(([iteration, score]) => ({ iteration, score })),
  lastIteration,
});

describe('compare curves', () => {
  it('puts iterations on [0, 1] and holds the final best to the end', () => {
    expect(normalisedCurve(run([[0, 1], [50, 3], [100, 4]], 200), false)).toEqual([
      { x: 0, y: 1 },
      { x: 0.25, y: 3 },
      { x: 0.5, y: 4 },
      { x: 1, y: 4 },
    ]);
  });

  it('normalises y to [first valid score, final best], for either direction', () => {
    expect(normalisedCurve(run([[0, 10], [5, 15], [10, 30]], 10), true).map((p) => p.y)).toEqual([0, 0.25, 1, 1]);
    // Lower is better: the scores fall, the normalised curve still rises to 1.
    expect(normalisedCurve(run([[0, 100], [4, 60], [8, 20]], 8), true).map((p) => p.y)).toEqual([0, 0.5, 1, 1]);
    // No gain: the run is at its final best from the start.
    expect(normalisedCurve(run([[3, 7]], 9), true).map((p) => p.y)).toEqual([1, 1]);
    expect(normalisedCurve(run([], 9), true)).toEqual([]);
    expect(normalisedCurve(run([[0, 1]], 0), false)).toEqual([{ x: 0, y: 1 }, { x: 1, y: 1 }]);
  });

  it('draws one step path per run, on a shared scale', () => {
    const c = prepareCompareChart([run([[0, 1], [10, 2]], 10, 'a'), run([[0, 100], [5, 300]], 20, 'b')], false, 400, 300);
    expect(c.curves).toHaveLength(2);
    for (const cv of c.curves) expect(cv.path).toMatch(/^M[\d.]+,[\d.]+/);
    expect(c.curves[0].colour).not.toBe(c.curves[1].colour);
    expect(c.curves[0].end!.x).toBeCloseTo(c.plot.right);
    const n = prepareCompareChart([run([[0, 1], [10, 2]], 10, 'a'), run([[0, 100], [5, 300]], 20, 'b')], true, 400, 300);
    // Normalised: both end at the same height.
    expect(n.curves[0].end!.y).toBeCloseTo(n.curves[1].end!.y);
  });
});

describe('compare bars', () => {
  it('shares one scale across runs', () => {
    const b = prepareShareBars(
      [
        { runId: 'a', name: 'a', value: 0.4 },
        { runId: 'b', name: 'b', value: 0.2 },
        { runId: 'c', name: 'c', value: null },
      ],
      200,
    );
    expect(b.bars.map((x) => x.width)).toEqual([200, 100, 0]);
  });

  it('splits a composition into a 100 % bar', () => {
    const c = prepareCompositionShares({ pure_tuning: 1, mostly_tuning: 0, mixed: 1, mostly_structural: 0, pure_structural: 2 }, 100);
    expect(c.total).toBe(4);
    expect(c.segments.map((s) => [s.bucket, s.x, s.width])).toEqual([
      ['pure_tuning', 0, 25],
      ['mostly_tuning', 25, 0],
      ['mixed', 25, 25],
      ['mostly_structural', 50, 0],
      ['pure_structural', 50, 50],
    ]);
  });
});

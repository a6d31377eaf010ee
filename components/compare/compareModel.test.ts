import { describe, expect, it } from 'vitest';
import { metricsDiffer, normalisedCurve, prepareCompareChart, prepareCompositionShares, prepareShareBars } from './compareModel';
import { compareChartQuery, compareChartView, scalesDiffer } from './compareModel';

const run = (points: [number, number][], lastIteration: number | null, runId = 'r') => ({
  runId,
  name: runId,
  points: points.map(([iteration, score]) => ({ iteration, score })),
  lastIteration,
});

describe('compare curves', () => {
  it('puts cumulative cost on x when the run has it, held to its total; none without', () => {
    const priced = { ...run([[0, 1], [5, 3]], 10), cost: { at: [0.5, 2], total: 4 } };
    expect(normalisedCurve(priced, false, 'cost')).toEqual([{ x: 0.5, y: 1 }, { x: 2, y: 3 }, { x: 4, y: 3 }]);
    expect(normalisedCurve(run([[0, 1]], 10), false, 'cost')).toEqual([]);
    const chart = prepareCompareChart([priced, run([[0, 2]], 10, 's')], false, 400, 300, { x: 'cost' });
    expect(chart.x).toBe('cost');
    expect(chart.curves.map((c) => c.path === '')).toEqual([false, true]);
    expect(chart.xTicks.length).toBeGreaterThan(1);
  });
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

describe('compare curve options', () => {
  const a = run([[0, 1], [10, 20], [19, 1800]], 19, 'a');
  const b = run([[0, 0.5], [30, 0.9]], 39, 'b');

  it('scales per run by default only when the runs\' metrics differ', () => {
    expect(metricsDiffer(['throughput', 'accuracy'])).toBe(true);
    expect(metricsDiffer(['combined_score', 'combined_score', null])).toBe(false);
    expect(metricsDiffer([])).toBe(false);
  });

  it('x by iteration: raw iterations, each run held to its own last iteration', () => {
    expect(normalisedCurve(b, false, 'iteration')).toEqual([{ x: 0, y: 0.5 }, { x: 30, y: 0.9 }, { x: 39, y: 0.9 }]);
    const c = prepareCompareChart([a, b], true, 400, 300, { x: 'iteration' });
    expect(c.x).toBe('iteration');
    expect(c.curves[1].end!.x).toBeCloseTo(c.plot.right);
    expect(c.curves[0].end!.x).toBeLessThan(c.plot.right - 50);
    expect(c.xTicks.every((t) => /^\d+$/.test(t.label))).toBe(true);
  });

  it('log scale on raw values: powers of ten as ticks', () => {
    const c = prepareCompareChart([a, b], false, 400, 300, { log: true });
    expect(c.yScale).toBe('log');
    expect(c.logRefused).toBeNull();
    expect(c.yTicks.map((t) => t.label)).toEqual(['0.1', '1', '10', '100', '1000', '10000']);
  });

  it('refuses a log scale with a reason when a value is not positive, and ignores it per run', () => {
    const c = prepareCompareChart([a, run([[0, -1], [4, 2]], 4, 'c')], false, 400, 300, { log: true });
    expect(c.yScale).toBe('linear');
    expect(c.logRefused).toMatch(/positive values \(the lowest is -1\)/);
    expect(prepareCompareChart([a, b], true, 400, 300, { log: true }).yScale).toBe('per-run');
  });
});

describe('scalesDiffer', () => {
  const run = (runId: string, scores: number[]) => ({ runId, name: runId, points: scores.map((score, iteration) => ({ iteration, score })), lastIteration: scores.length });
  it('is false for runs on one scale', () => {
    expect(scalesDiffer([run('a', [0.5, 0.7, 0.9]), run('b', [0.4, 0.6, 0.95])])).toBe(false);
  });
  it('is true when the ranges do not overlap', () => {
    expect(scalesDiffer([run('a', [0.1, 0.2]), run('b', [100, 120])])).toBe(true);
  });
  it('is true when one gain is over ten times the other', () => {
    // FunSearch-like: -66.25 -> -64.25 (gain 2) beside 0 -> 40 (gain 40), overlapping ranges.
    expect(scalesDiffer([run('a', [-66.25, -64.25]), run('b', [-70, -30])])).toBe(true);
  });
  it('leaves out runs without points', () => {
    expect(scalesDiffer([run('a', []), run('b', [1, 2])])).toBe(false);
  });
});

describe('compare chart view in the URL', () => {
  it('keeps other parameters and leaves defaults out', () => {
    const cur = new URLSearchParams('runs=a,b&scope=run&log=1');
    const view = compareChartView(cur);
    expect(view).toEqual({ normalise: null, log: true, x: 'budget' });
    expect(compareChartQuery({ normalise: false, log: false, x: 'iteration' }, cur)).toBe('?runs=a,b&scope=run&norm=0&x=iteration');
    expect(compareChartQuery({ normalise: null, log: false, x: 'budget' }, new URLSearchParams('runs=a'))).toBe('?runs=a');
  });
});

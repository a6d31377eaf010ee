import { describe, expect, it } from 'vitest';
import { olsSlope } from '@/lib/analysis/stats';
import { leastSquares, MAX_TREND_DOTS, poolTrendPoints, prepareTrendChart } from './trendChartModel';

const pt = (iteration: number, added: number, recycled: number) => ({ iteration, added, recycled, share: recycled / (added || 1) });

describe('recycled-share trend chart', () => {
  it('fits the least-squares line the report’s slope comes from', () => {
    const xs = [1, 2, 3, 4, 7];
    const ys = [0.1, 0.0, 0.3, 0.25, 0.5];
    const fit = leastSquares(xs, ys)!;
    expect(fit.slope).toBeCloseTo(olsSlope(xs, ys), 12);
    // The line passes through the means.
    expect(fit.intercept + fit.slope * 3.4).toBeCloseTo(ys.reduce((a, b) => a + b) / 5, 12);
    expect(leastSquares([1], [1])).toBeNull();
    expect(leastSquares([2, 2], [0, 1])).toBeNull();
  });

  it('draws a dot per stored point (iterations without added lines too) and a line across the range', () => {
    const points = [pt(0, 10, 0), pt(1, 0, 0), pt(2, 10, 5), pt(4, 20, 10)];
    const c = prepareTrendChart(points, 500, 300);
    expect(c.dots.map((d) => d.iteration)).toEqual([0, 1, 2, 4]);
    expect(c.fit!.slope).toBeCloseTo(olsSlope([0, 1, 2, 4], points.map((p) => p.share)), 12);
    expect(c.trendPath).toMatch(/^M[\d.-]+,[\d.-]+L[\d.-]+,[\d.-]+$/);
    // Larger edits get larger dots; higher shares sit higher (smaller y).
    expect(c.dots[3].r).toBeGreaterThan(c.dots[0].r);
    expect(c.dots[2].y).toBeLessThan(c.dots[0].y);
    const [x0, y0] = c.trendPath.slice(1).split('L')[0].split(',').map(Number);
    expect(x0).toBeCloseTo(c.plot.left);
    expect(y0).toBeGreaterThan(c.dots[2].y); // rising line starts low
    expect(c.yTicks.at(-1)!.label).toMatch(/%$/);
  });

  it('draws nothing misleading for empty or single-iteration runs', () => {
    expect(prepareTrendChart([], 400, 200).trendPath).toBe('');
    expect(prepareTrendChart([pt(3, 4, 1)], 400, 200).dots).toHaveLength(1);
    expect(prepareTrendChart([pt(3, 4, 1)], 400, 200).trendPath).toBe('');
  });
});

describe('long runs', () => {
  it('pools neighbouring iterations into at most MAX dots, shares weighted by lines added', () => {
    const points = Array.from({ length: 10 }, (_, i) => pt(i, i % 2 ? 3 : 1, i % 2 ? 0 : 1));
    const pooled = poolTrendPoints(points, 5);
    expect(pooled).toHaveLength(5);
    expect(pooled[0]).toEqual({ iteration: 0, lastIteration: 1, added: 4, recycled: 1, share: 0.25 });
    expect(poolTrendPoints(points, 100)).toHaveLength(10);
  });

  it('fits the line on every point even when dots are pooled', () => {
    const points = Array.from({ length: 5000 }, (_, i) => pt(i, 4, i % 4));
    const c = prepareTrendChart(points, 800, 300);
    expect(c.dots.length).toBeLessThanOrEqual(MAX_TREND_DOTS);
    expect(c.fit!.slope).toBeCloseTo(olsSlope(points.map((p) => p.iteration), points.map((p) => p.share)), 12);
  });
});

import { describe, expect, it } from 'vitest';
import type { ComplexityBucketData } from '@/lib/contracts/api/analyses';
import { prepareComplexityChart } from './complexityChartModel';

const bucket = (start: number, loc: number | null, mean: number | null = loc): ComplexityBucketData => ({
  iterationStart: start,
  iterationEnd: start + 9,
  programs: 3,
  validPrograms: 3,
  parseErrors: 0,
  loc: { median: loc, mean },
  numericLiterals: { median: 2, mean: 2.5 },
  tunableLiterals: { median: 1, mean: 1 },
});

describe('complexity chart', () => {
  it('draws the median through bucket middles and the mean as its own line', () => {
    const c = prepareComplexityChart([bucket(0, 100, 110), bucket(10, 120, 118), bucket(20, 150, 160)], 'loc', 400, 200);
    expect(c.dots.map((d) => d.median)).toEqual([100, 120, 150]);
    expect(c.dots[1].x).toBeGreaterThan(c.dots[0].x);
    expect(c.dots[2].y).toBeLessThan(c.dots[0].y);
    expect(c.medianPath.split('L')).toHaveLength(3);
    expect(c.meanPath.split('L')).toHaveLength(3);
    expect(c.meanPath).not.toBe(c.medianPath);
  });

  it('skips buckets without a value and starts the y axis at zero', () => {
    const c = prepareComplexityChart([bucket(0, 100), bucket(10, null), bucket(20, 90)], 'loc', 400, 200);
    expect(c.dots.map((d) => d.from)).toEqual([0, 20]);
    expect(c.yTicks[0].label).toBe('0');
  });

  it('reads the measure asked for', () => {
    const c = prepareComplexityChart([bucket(0, 100)], 'numericLiterals', 400, 200);
    expect(c.dots[0]).toMatchObject({ median: 2, mean: 2.5 });
  });
});

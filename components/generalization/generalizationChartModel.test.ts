import { describe, expect, it } from 'vitest';
import { prepareGeneralizationChart, type ChartStep } from './generalizationChartModel';

const steps: ChartStep[] = [
  { index: 0, iteration: 0, public: 1, private: 100, overfit: false },
  { index: 1, iteration: 5, public: 2, private: null, overfit: false },
  { index: 2, iteration: 9, public: 3, private: 90, overfit: true },
];

describe('prepareGeneralizationChart', () => {
  it('places both series on their own axes, skips missing private points and marks overfitting steps', () => {
    const m = prepareGeneralizationChart(steps, 600, 300);
    expect(m.publicPoints.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(m.privatePoints.map((p) => p.index)).toEqual([0, 2]);
    // Higher values are drawn higher (smaller y) on each axis.
    expect(m.publicPoints[2].y).toBeLessThan(m.publicPoints[0].y);
    expect(m.privatePoints[1].y).toBeGreaterThan(m.privatePoints[0].y);
    expect(m.overfitMarks.map((p) => p.index)).toEqual([2]);
    expect(m.publicPath).toMatch(/^M/);
    expect(m.xTicks.map((t) => t.label)).toEqual(['it 0', 'it 5', 'it 9']);
    for (const p of [...m.publicPoints, ...m.privatePoints]) {
      expect(p.x).toBeGreaterThanOrEqual(m.margin.left);
      expect(p.x).toBeLessThanOrEqual(600 - m.margin.right);
      expect(p.y).toBeGreaterThanOrEqual(m.margin.top);
      expect(p.y).toBeLessThanOrEqual(300 - m.margin.bottom);
    }
  });

  it('draws nothing for a series without values, and a flat series within the frame', () => {
    const m = prepareGeneralizationChart([{ index: 0, iteration: 0, public: 5, private: null, overfit: false }, { index: 1, iteration: 1, public: 5, private: null, overfit: false }], 400, 200);
    expect(m.privatePoints).toEqual([]);
    expect(m.privatePath).toBe('');
    expect(m.publicPoints[0].y).toBe(m.publicPoints[1].y);
    expect(m.publicPoints[0].y).toBeGreaterThan(m.margin.top);
  });
});

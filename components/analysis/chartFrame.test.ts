import { scaleLinear } from 'd3';
import { describe, expect, it } from 'vitest';
import { estimateLabelWidth, percentLabel, plotOf, prepareHistogram, tickLabel, ticksOf } from './chartFrame';

describe('chart frame', () => {
  it('puts the plot inside the margins and never inverts it', () => {
    expect(plotOf(400, 200, { top: 10, right: 20, bottom: 30, left: 40 })).toEqual({ left: 40, right: 380, top: 10, bottom: 170 });
    const tiny = plotOf(10, 10, { top: 10, right: 20, bottom: 30, left: 40 });
    expect(tiny.right).toBeGreaterThan(tiny.left);
    expect(tiny.bottom).toBeGreaterThan(tiny.top);
  });

  it('labels ticks briefly and can keep integers only', () => {
    expect(tickLabel(0.30000000000000004)).toBe('0.3');
    expect(tickLabel(123456)).toBe('1.2e+5');
    expect(percentLabel(0.125)).toBe('12.5%');
    const x = scaleLinear().domain([0, 3]).range([0, 300]);
    expect(ticksOf(x, 10, tickLabel, true).map((t) => t.label)).toEqual(['0', '1', '2', '3']);
  });

  it('draws integer bins from x(from) to x(to + 1), heights proportional to counts', () => {
    const h = prepareHistogram(
      [
        { from: 0, to: 4, count: 10 },
        { from: 5, to: 9, count: 5 },
      ],
      320,
      200,
      { top: 0, right: 0, bottom: 0, left: 0 },
    );
    expect(h.bars).toHaveLength(2);
    const [a, b] = h.bars;
    expect(a.x).toBeCloseTo(1);
    expect(a.x + a.width + 1).toBeCloseTo(160);
    expect(b.x).toBeCloseTo(161);
    expect(a.height).toBeCloseTo(2 * b.height);
    expect(a.y + a.height).toBeCloseTo(200);
    expect(h.xTicks.map((t) => t.label)).toEqual(['0–4', '5–9']);
  });

  it('handles an empty histogram', () => {
    const h = prepareHistogram([], 300, 200);
    expect(h.bars).toEqual([]);
    expect(h.yTicks.length).toBeGreaterThan(0);
  });

  it('never lets bin labels overlap: at a narrow width only every k-th bin is labelled (issue 24: "16–2324–3132–39")', () => {
    const bins = Array.from({ length: 16 }, (_, i) => ({ from: i * 8, to: i * 8 + 7, count: i + 1 }));
    for (const width of [260, 420, 640, 1024]) {
      const h = prepareHistogram(bins, width, 200);
      const ticks = [...h.xTicks].sort((a, b) => a.pos - b.pos);
      expect(ticks.length).toBeGreaterThan(1);
      for (let i = 1; i < ticks.length; i++) {
        const gap = ticks[i].pos - ticks[i - 1].pos;
        const need = (estimateLabelWidth(ticks[i].label) + estimateLabelWidth(ticks[i - 1].label)) / 2;
        expect(gap, `${width}px: ${ticks[i - 1].label} / ${ticks[i].label}`).toBeGreaterThanOrEqual(need);
      }
    }
    // Wide enough: every bin keeps its label.
    expect(prepareHistogram(bins.slice(0, 4), 800, 200).xTicks).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { prepareGeneralizationChart, type ChartStep } from './generalizationChartModel';

const steps: ChartStep[] = [
  { index: 0, iteration: 0, public: 1, private: 100, overfit: false },
  { index: 1, iteration: 5, public: 2, private: null, overfit: false },
  { index: 2, iteration: 9, public: 3, private: 90, overfit: true },
];

/** For every step with both scores: the higher score is drawn higher (smaller y), equal ones level. */
function expectDrawnOrderMatchesValues(chain: ChartStep[], width = 600, height = 300) {
  const m = prepareGeneralizationChart(chain, width, height);
  const pub = new Map(m.publicPoints.map((p) => [p.index, p]));
  const priv = new Map(m.privatePoints.map((p) => [p.index, p]));
  let compared = 0;
  for (const s of chain) {
    if (s.public === null || s.private === null) continue;
    const p = pub.get(s.index)!;
    const v = priv.get(s.index)!;
    expect(p.value).toBe(s.public);
    expect(v.value).toBe(s.private);
    // y grows downwards: value order and pixel order are opposite.
    expect(Math.sign(v.y - p.y), `step ${s.index}: public ${s.public}, private ${s.private}`).toBe(Math.sign(s.public - s.private));
    compared++;
  }
  // Across steps too: one axis, so any two drawn points compare as their values do.
  const all = [...m.publicPoints, ...m.privatePoints];
  for (const a of all) for (const b of all) expect(Math.sign(b.y - a.y)).toBe(Math.sign(a.value - b.value));
  return compared;
}

/** A seeded generator (mulberry32), so the cases are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('prepareGeneralizationChart', () => {
  it('places both series on one axis, skips missing private points and marks overfitting steps', () => {
    const m = prepareGeneralizationChart(steps, 600, 300);
    expect(m.publicPoints.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(m.privatePoints.map((p) => p.index)).toEqual([0, 2]);
    expect(m.publicPoints[2].y).toBeLessThan(m.publicPoints[0].y);
    expect(m.privatePoints[1].y).toBeGreaterThan(m.privatePoints[0].y);
    expect(m.overfitMarks.map((p) => p.index)).toEqual([2]);
    expect(m.publicPath).toMatch(/^M/);
    expect(m.xTicks.map((t) => t.label)).toEqual(['it 0', 'it 5', 'it 9']);
    // One set of ticks, covering both series.
    const tickValues = m.yTicks.map((t) => Number(t.label));
    expect(Math.min(...tickValues)).toBeLessThanOrEqual(10);
    expect(Math.max(...tickValues)).toBeGreaterThanOrEqual(90);
    for (const p of [...m.publicPoints, ...m.privatePoints]) {
      expect(p.x).toBeGreaterThanOrEqual(m.margin.left);
      expect(p.x).toBeLessThanOrEqual(600 - m.margin.right);
      expect(p.y).toBeGreaterThanOrEqual(m.margin.top);
      expect(p.y).toBeLessThanOrEqual(300 - m.margin.bottom);
    }
  });

  it('never draws private above public where it is lower (the case two axes got wrong)', () => {
    // Private a little below public at every step, on a much narrower range: with an axis each,
    // private's own scale stretched it across the frame and drew it above public at the end.
    const chain: ChartStep[] = [
      { index: 0, iteration: 0, public: 10, private: 9.9, overfit: false },
      { index: 1, iteration: 1, public: 20, private: 9.95, overfit: false },
      { index: 2, iteration: 2, public: 30, private: 10, overfit: false },
    ];
    expect(expectDrawnOrderMatchesValues(chain)).toBe(3);
  });

  it('the drawn order agrees with the values for every program, on seeded random chains', () => {
    const r = rng(24);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(r() * 30);
      const scale = 10 ** Math.floor(r() * 8 - 3);
      const offset = (r() - 0.5) * 10 * scale;
      const chain: ChartStep[] = Array.from({ length: n }, (_, i) => {
        const pub = offset + r() * scale;
        // Sometimes equal, sometimes missing, otherwise above or below public.
        const kind = r();
        const priv = kind < 0.1 ? null : kind < 0.2 ? pub : offset + r() * scale * (r() < 0.5 ? 1 : 0.01);
        return { index: i, iteration: i * 3, public: pub, private: priv, overfit: false };
      });
      expectDrawnOrderMatchesValues(chain, 200 + Math.floor(r() * 1000), 150 + Math.floor(r() * 400));
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

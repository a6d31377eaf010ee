import { describe, expect, it } from 'vitest';
import type { BestSoFar, Points } from '@/lib/contracts/api/points';
import { DotKind, prepareScoreChart } from './scoreChartModel';
import { DEFAULT_SCORE_VIEW, fences, parseScoreView, scoreDomain, scoreViewQuery } from './scoreDomain';

// The FunSearch demo's shape: a climb from -66.25 to -64.25 bunched on a few values, a few
// honest lower scores (-69.5, -73, -77) and four failed packings at -150. 41 scores.
const rep = (v: number, n: number) => Array.from({ length: n }, () => v);
const climb = [
  ...rep(-66.25, 2), ...rep(-66, 4), ...rep(-65.75, 2), ...rep(-65.5, 4), ...rep(-65.25, 4),
  ...rep(-65, 4), ...rep(-64.75, 8), ...rep(-64.5, 4), ...rep(-64.25, 2),
];
const funsearch = [...rep(-150, 4), -77, -73, -69.5, ...climb];

describe('scoreDomain', () => {
  it('hand-computed fences on the FunSearch-like case exclude -150 and nothing else', () => {
    // sorted: -150 x4 (0-3), -77 (4), -73, -69.5, then the 34 climb values (7-40).
    // q10 at h = 40 * 0.1 = 4: -77. q90 at h = 36, the climb's 30th value (0-based 29): -64.5.
    // span 12.5; fences -77 - 37.5 = -114.5 and -64.5 + 37.5 = -27.
    expect(funsearch).toHaveLength(41);
    expect(fences(funsearch)).toEqual([-114.5, -27]);
    // The best-so-far climbs -66.25 -> -64.25: the range is -77 .. -64.25, the four -150s below it.
    expect(scoreDomain(funsearch, [-66.25, -65.5, -64.75, -64.25], true, false)).toEqual({ lo: -77, hi: -64.25, below: 4, above: 0 });
    expect(scoreDomain(funsearch, [], true, true)).toEqual({ lo: -150, hi: -64.25, below: 0, above: 0 });
  });

  it('always keeps the better side of the best-so-far curve, never its dreadful start', () => {
    const many = [...rep(1, 20), ...rep(2, 20), ...rep(3, 20), 1000, -500];
    // q10 at h = 6.1: 1; q90 at h = 54.9: 3; span 2; fences -5 .. 9
    expect(fences(many)).toEqual([-5, 9]);
    // a breakthrough to 1000 on the curve stays in; the curve's start at -500 does not
    const d = scoreDomain(many, [-500, 3, 1000], true, false);
    expect(d).toEqual({ lo: 1, hi: 1000, below: 1, above: 0 });
    // lower is better: the curve's better side is the low one
    expect(scoreDomain(many, [1000, 1], false, false)).toEqual({ lo: 1, hi: 3, below: 1, above: 1 });
  });

  it('keeps every score without spread or with few scores', () => {
    expect(fences([...rep(1, 9), 1, 1, 9])).toBeNull(); // 10th and 90th percentiles equal
    expect(scoreDomain([1, 9, -100], [], true, false)).toEqual({ lo: -100, hi: 9, below: 0, above: 0 });
    expect(scoreDomain([], [], true, false)).toEqual({ lo: 0, hi: 1, below: 0, above: 0 });
  });
});

describe('score view in the URL', () => {
  it('round-trips and keeps other parameters', () => {
    const v = { showAll: true, log: true, x: [2, 40] as [number, number], y: [-66.123456789, -64] as [number, number] };
    const q = scoreViewQuery(v, new URLSearchParams('metric=score'));
    expect(q).toBe('?metric=score&outliers=all&yscale=log&zx=2%2C40&zy=-66.1235%2C-64');
    expect(parseScoreView(new URLSearchParams(q))).toEqual({ ...v, y: [-66.1235, -64] });
    expect(scoreViewQuery(DEFAULT_SCORE_VIEW, new URLSearchParams('zx=1,2'))).toBe('');
    expect(parseScoreView(new URLSearchParams('zx=5,1&zy=a,b')).x).toBeNull();
  });
});

describe('prepareScoreChart with outliers, zoom and log', () => {
  const scores = [...climb, -77, -73, -69.5, ...rep(-150, 4)];
  const n = scores.length;
  const points: Points = {
    metric: 'score', count: n, seq: scores.map((_, i) => i), iteration: scores.map((_, i) => i),
    value: scores, valid: scores.map(() => true), id: scores.map((_, i) => `p${i}`),
  };
  const pt = (i: number) => ({ seq: i, iteration: i, score: scores[i], programId: `p${i}`, externalId: `p${i}` });
  const best: BestSoFar = {
    metric: 'score', higherIsBetter: true, definition: 'strict', points: [pt(0), pt(2), pt(32)],
    finalBest: pt(32), lastIteration: n - 1, normalisedIterationOfBest: 0.3,
  };

  it('marks the four -150s at the bottom edge; the range is the other scores\'', () => {
    const c = prepareScoreChart(points, best, 800, 400);
    expect(c.outliers).toEqual({ below: 4, above: 0 });
    const below = Array.from(c.dots.kind).flatMap((k, i) => (k === DotKind.Below ? [i] : []));
    expect(below).toEqual([37, 38, 39, 40]);
    for (const i of below) expect(c.dots.y[i]).toBe(c.plot.bottom);
    expect(c.yTicks.every((t) => Number(t.label) >= -78 && Number(t.label) <= -64)).toBe(true);
    expect(c.yTicks.some((t) => Number(t.label) <= -76)).toBe(true);
    expect(c.logAllowed).toBe(false);
  });

  it('shows all on request, and zooms to a URL domain exactly, hiding what is outside', () => {
    const all = prepareScoreChart(points, best, 800, 400, { ...DEFAULT_SCORE_VIEW, showAll: true });
    expect(all.outliers).toEqual({ below: 0, above: 0 });
    expect(all.yTicks.some((t) => Number(t.label) <= -140)).toBe(true);
    const z = prepareScoreChart(points, best, 800, 400, { ...DEFAULT_SCORE_VIEW, x: [4, 10], y: [-66, -64] });
    expect(z.zoomed).toBe(true);
    expect(z.dots.kind[0]).toBe(DotKind.Hidden); // iteration 0 is left of the zoom
    expect(z.dots.x[4]).toBeCloseTo(z.plot.left, 3);
    const [ix, iy] = z.invert(z.plot.right, z.plot.top);
    expect(ix).toBeCloseTo(10, 6);
    expect(iy).toBeCloseTo(-64, 6);
  });

  it('offers a log axis only for positive scores', () => {
    const pos = { ...points, value: scores.map((v) => -1 / v) };
    const c = prepareScoreChart(pos, null, 800, 400, { ...DEFAULT_SCORE_VIEW, log: true, showAll: true });
    expect(c.logAllowed).toBe(true);
    expect(c.log).toBe(true);
    expect(prepareScoreChart(points, best, 800, 400, { ...DEFAULT_SCORE_VIEW, log: true }).log).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { BestSoFar, Points } from '@/lib/api/points';
import { DotKind, prepareScoreChart } from './scoreChartModel';
import { DEFAULT_SCORE_VIEW, fences, parseScoreView, scoreDomain, scoreViewQuery } from './scoreDomain';

// The FunSearch demo's shape: a climb from -66.25 to -64.25 and four failed packings at -150.
const climb = [-66.25, -66, -65.75, -65.5, -65.25, -65, -64.75, -64.5, -64.25, -65, -65.5, -66];
const funsearch = [...climb, -150, -150, -150, -150];

describe('scoreDomain', () => {
  it('hand-computed band: median -65.625, MAD 0.625 over 16 values', () => {
    // sorted: -150 x4, -66.25, -66, -66, -65.75, -65.5, -65.5, -65.25, -65, -65, -64.75, -64.5, -64.25
    // median (-65.75 + -65.5) / 2 = -65.625; deviations 0.125 x3, 0.375 x3, 0.625 x3, 0.875, 1.125,
    // 1.375, 84.375 x4 -> MAD (0.625 + 0.625) / 2 = 0.625; half-width 5 * 1.4826 * 0.625 = 4.633125
    const [lo, hi] = fences(funsearch)!;
    expect(lo).toBeCloseTo(-70.258125, 9);
    expect(hi).toBeCloseTo(-60.991875, 9);
    expect(scoreDomain(funsearch, [-66.25, -64.25], true, false)).toEqual({ lo: -66.25, hi: -64.25, below: 4, above: 0 });
  });

  it('keeps the four -150s out of the range when they are under a quarter of the scores', () => {
    const many = [...climb, ...climb, -150, -150, -150, -150]; // 28 scores, 4 outliers
    // sorted: -150 x4, then 24 climb values; Q1 at h = 6.75 -> between -66 and -65.75 (sorted: -66.25 x2, -66 x4, -65.75 x2, ...)
    const d = scoreDomain(many, [-66.25, -65.75, -64.25], true, false);
    expect(d).toEqual({ lo: -66.25, hi: -64.25, below: 4, above: 0 });
    expect(scoreDomain(many, [], true, true)).toEqual({ lo: -150, hi: -64.25, below: 0, above: 0 });
  });

  it('always keeps the better side of the best-so-far curve, never its dreadful start', () => {
    const vals = [1, 2, 2, 3, 2, 1, 3, 2, 100, -500];
    // a breakthrough to 100 on the curve stays in; the curve's start at -500 does not
    const d = scoreDomain(vals, [-500, 3, 100], true, false);
    expect(d.hi).toBe(100);
    expect(d.lo).toBe(1);
    expect(d.below).toBe(1);
    // lower is better: the curve's better side is the low one
    expect(scoreDomain(vals, [100, 1], false, false)).toMatchObject({ lo: 1, hi: 3, above: 1, below: 1 });
  });

  it('keeps every score without spread or with few scores', () => {
    expect(fences([1, 1, 1, 1, 9])).toBeNull(); // MAD 0: more than half the scores are equal
    expect(scoreDomain([1, 9], [], true, false)).toEqual({ lo: 1, hi: 9, below: 0, above: 0 });
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
  const scores = [...climb, ...climb, -150, -150, -150, -150];
  const n = scores.length;
  const points: Points = {
    metric: 'score', count: n, seq: scores.map((_, i) => i), iteration: scores.map((_, i) => i),
    value: scores, valid: scores.map(() => true), id: scores.map((_, i) => `p${i}`),
  };
  const pt = (i: number) => ({ seq: i, iteration: i, score: scores[i], programId: `p${i}`, externalId: `p${i}` });
  const best: BestSoFar = {
    metric: 'score', higherIsBetter: true, definition: 'strict', points: [pt(0), pt(1), pt(2), pt(8)],
    finalBest: pt(8), lastIteration: n - 1, normalisedIterationOfBest: 0.3,
  };

  it('marks the four -150s at the bottom edge; the climb fills the plot', () => {
    const c = prepareScoreChart(points, best, 800, 400);
    expect(c.outliers).toEqual({ below: 4, above: 0 });
    const below = Array.from(c.dots.kind).flatMap((k, i) => (k === DotKind.Below ? [i] : []));
    expect(below).toEqual([24, 25, 26, 27]);
    for (const i of below) expect(c.dots.y[i]).toBe(c.plot.bottom);
    expect(c.yTicks.every((t) => Number(t.label) >= -67 && Number(t.label) <= -64)).toBe(true);
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

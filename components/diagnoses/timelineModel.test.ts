import { describe, expect, it } from 'vitest';
import { bestAt, prepareTimeline } from './timelineModel';

const curve = [{ iteration: 0, score: 1 }, { iteration: 4, score: 2 }, { iteration: 10, score: 3 }];
const d = (id: string, g: number) => ({ id, triggerGeneration: g, origin: 'evoscope' as const, label: id });

describe('diagnoses on the best-so-far timeline', () => {
  it('reads the best-so-far level at a trigger generation', () => {
    expect([bestAt(curve, -1), bestAt(curve, 0), bestAt(curve, 3), bestAt(curve, 4), bestAt(curve, 9), bestAt(curve, 99)]).toEqual([1, 1, 1, 2, 2, 3]);
    expect(bestAt([], 3)).toBeNull();
  });

  it('puts a marker on the curve at each trigger, in generation order, stacking same-generation ones', () => {
    const t = prepareTimeline(curve, [d('b', 9), d('a', 3), d('c', 9)], 12, 600, 300);
    expect(t.markers.map((m) => [m.id, m.generation, m.score])).toEqual([['a', 3, 1], ['b', 9, 2], ['c', 9, 2]]);
    expect(t.markers[0].x).toBeLessThan(t.markers[1].x);
    expect(t.markers[1].x).toBe(t.markers[2].x);
    // On the curve: b's y is the curve's level for score 2, c is stacked above it.
    expect(t.curvePath).toContain(`V${t.markers[1].y}`);
    expect(t.markers[2].y).toBeLessThan(t.markers[1].y);
    expect(t.curvePath.startsWith('M')).toBe(true);
  });

  it('draws markers without a curve (best-so-far not computed yet)', () => {
    const t = prepareTimeline([], [d('a', 5)], null, 400, 200);
    expect(t.curvePath).toBe('');
    expect(t.markers).toHaveLength(1);
    expect(t.markers[0].score).toBeNull();
  });
});

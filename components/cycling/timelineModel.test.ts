import { describe, expect, it } from 'vitest';
import { prepareTimeline } from './timelineModel';

describe('cycled line timeline', () => {
  const history = [
    { kind: 'removed' as const, childId: 'a', iteration: 2 },
    { kind: 'added' as const, childId: 'b', iteration: 5 },
    { kind: 'removed' as const, childId: 'c', iteration: 6 },
    { kind: 'removed' as const, childId: 'd', iteration: 6 },
    { kind: 'added' as const, childId: 'e', iteration: 10 },
  ];

  it('places removals above and additions below the axis, on the run’s iteration scale', () => {
    const t = prepareTimeline(history, [0, 10], 224, 56);
    expect(t.left).toBe(12);
    expect(t.right).toBe(212);
    expect(t.markers.map((m) => Math.round(m.x))).toEqual([52, 112, 132, 132, 212]);
    for (const m of t.markers) expect(m.kind === 'removed' ? m.y < t.axisY : m.y > t.axisY).toBe(true);
    expect(t.markers.map((m) => m.childId)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stacks markers of the same kind at the same iteration so both stay clickable', () => {
    const t = prepareTimeline(history, [0, 10], 224, 56);
    expect(t.markers[2].y).not.toBe(t.markers[3].y);
  });

  it('draws a span from each removal to the re-addition that follows it', () => {
    const t = prepareTimeline(history, [0, 10], 224, 56);
    expect(t.spans.map((s) => [Math.round(s.x1), Math.round(s.x2)])).toEqual([
      [52, 112],
      [132, 212],
    ]);
  });

  it('copes with a one-iteration run', () => {
    const t = prepareTimeline([{ kind: 'added', childId: 'x', iteration: 3 }], [3, 3], 100);
    expect(Number.isFinite(t.markers[0].x)).toBe(true);
    expect(t.spans).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { barKind, previousStrategy, strategyTimeline, type StrategyInput } from './strategyTimelineModel';

const s = (iteration: number, activeFrom: number | null, activeTo: number | null, more: Partial<StrategyInput> = {}): StrategyInput => ({
  iteration, score: null, isNewBest: null, fallback: null, activeFrom, activeTo, ...more,
});

describe('strategyTimeline', () => {
  it('places recorded spans on the solution-iteration axis, in percent', () => {
    const m = strategyTimeline([s(0, 0, 9, { score: 0.5, isNewBest: true }), s(1, 10, 19, { score: 0.4, fallback: true })], 19);
    expect(m.domain).toEqual([0, 19]);
    expect(m.bars).toEqual([
      { iteration: 0, from: 0, to: 9, endInferred: false, score: 0.5, kind: 'new-best', left: 0, width: 50 },
      { iteration: 1, from: 10, to: 19, endInferred: false, score: 0.4, kind: 'fallback', left: 50, width: 50 },
    ]);
    expect(m.ticks.map((t) => t.at)).toEqual([0, 5, 10, 15, 20]);
    expect(m.ticks.at(-1)!.left).toBe(100);
  });

  it('infers a missing end from the next start, or the run\'s last iteration, and says so', () => {
    const m = strategyTimeline([s(1, 5, null), s(0, 0, null), s(2, 8, null)], 11);
    expect(m.bars.map((b) => [b.iteration, b.from, b.to, b.endInferred])).toEqual([
      [0, 0, 4, true],
      [1, 5, 7, true],
      [2, 8, 11, true],
    ]);
  });

  it('lists strategies without a start apart and never guesses them', () => {
    const m = strategyTimeline([s(3, null, null), s(1, null, 4)], 10);
    expect(m).toEqual({ bars: [], unplaced: [1, 3], domain: null, ticks: [] });
  });

  it('keeps a one-iteration strategy visible', () => {
    const m = strategyTimeline([s(0, 7, 7)], null);
    expect(m.bars[0]).toMatchObject({ from: 7, to: 7, left: 0, width: 100 });
  });
});

it('marks a fallback before a new best', () => {
  expect(barKind({ isNewBest: true, fallback: true })).toBe('fallback');
  expect(barKind({ isNewBest: true, fallback: false })).toBe('new-best');
  expect(barKind({ isNewBest: null, fallback: null })).toBe('plain');
});

it('diffs a strategy against the one before it by strategy iteration', () => {
  const all = [{ iteration: 0 }, { iteration: 2 }, { iteration: 5 }];
  expect(previousStrategy(all, 5)).toEqual({ iteration: 2 });
  expect(previousStrategy(all, 0)).toBeNull();
});

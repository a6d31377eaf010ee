import { describe, expect, it } from 'vitest';
import { iterationTicks, iterationX } from './iterationAxis';

const extent = { min: 0, max: 100, width: 1000 };
const identity = (x: number) => x;

describe('iteration axis', () => {
  it('places iterations where the timeline layout puts them', () => {
    expect(iterationX(extent, 0)).toBe(0);
    expect(iterationX(extent, 50)).toBe(500);
    expect(iterationX(extent, 100)).toBe(1000);
    expect(iterationX({ min: 7, max: 7, width: 1000 }, 7)).toBe(500);
  });

  it('ticks whole iterations at a round step across the whole run', () => {
    const ticks = iterationTicks(extent, 0, 1000, 1000, identity);
    expect(ticks.map((t) => t.iteration)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    for (const t of ticks) expect(t.at).toBeCloseTo(t.iteration * 10);
  });

  it('zoomed in, shows finer ticks of the visible part only, never fractions', () => {
    // The camera shows layout x 400..450 (iterations 40..45) over 1000 px.
    const toScreen = (x: number) => ((x - 400) / 50) * 1000;
    const ticks = iterationTicks(extent, 400, 450, 1000, toScreen);
    expect(ticks.map((t) => t.iteration)).toEqual([40, 41, 42, 43, 44, 45]);
    expect(ticks[0].at).toBeCloseTo(0);
    expect(ticks[5].at).toBeCloseTo(1000);
  });

  it('zoomed out past the run, ticks stop at its first and last iteration', () => {
    const toScreen = (x: number) => 250 + x / 4; // the run fills 250..500 of 1000 px
    const ticks = iterationTicks(extent, -1000, 3000, 1000, toScreen);
    expect(ticks[0].iteration).toBe(0);
    expect(ticks.at(-1)!.iteration).toBe(100);
    for (const t of ticks) expect(t.at).toBeGreaterThanOrEqual(250);
  });

  it('a run of one iteration gets one tick in the middle; nothing for a zero-width canvas', () => {
    expect(iterationTicks({ min: 3, max: 3, width: 1000 }, 0, 1000, 1000, identity)).toEqual([{ iteration: 3, at: 500 }]);
    expect(iterationTicks(extent, 0, 1000, 0, identity)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { PlateausResponse } from '@/lib/contracts/api/plateaus';
import { describePlateau, plateauBands, plateausCsv } from './plateauModel';

const span = (start: number, end: number, extra: Partial<PlateausResponse['plateaus'][number]> = {}) => ({
  startGeneration: start, endGeneration: end, length: end - start + 1, bestScore: 0.5, programs: end - start + 1,
  cost: null, tokens: null, open: false, firstIteration: start, lastIteration: end, ...extra,
});
const xOf = (v: number) => 100 + v * 10; // iteration 0 at x = 100, 10 px per iteration
const plot = { left: 100, right: 300 };

describe('plateau bands', () => {
  it('iteration axis: half a step either side, clipped to the plot', () => {
    expect(plateauBands({ axis: 'iteration', plateaus: [span(12, 15), span(18, 30)] }, xOf, plot)).toEqual([
      { index: 0, x0: 215, x1: 255 },
      { index: 1, x0: 275, x1: 300 },
    ]);
  });
  it('generation axis: the iterations of the programs inside; none inside, no band', () => {
    const r = { axis: 'generation' as const, plateaus: [span(2, 8, { firstIteration: 3, lastIteration: 4 }), span(10, 20, { firstIteration: null, lastIteration: null })] };
    expect(plateauBands(r, xOf, plot)).toEqual([{ index: 0, x0: 125, x1: 145 }]);
  });
});

describe('plateau text and CSV', () => {
  it('describes length and budget', () => {
    expect(describePlateau(span(12, 31, { programs: 143, cost: 0.42 }), 'generation')).toBe('generations 12–31, 20 generations, 143 programs, $0.42');
    expect(describePlateau(span(7, 7, { programs: 1, open: true, tokens: 1234.4 }), 'iteration')).toBe('iterations 7–7 (run ends on it), 1 iteration, 1 program, 1,234 tokens');
  });
  it('writes one CSV row per plateau', () => {
    const csv = plateausCsv({ k: 5, axis: 'iteration', metric: 'score', plateaus: [span(1, 5, { cost: 0.2, open: true })] }, 'r1');
    expect(csv).toBe('run_id,metric,k,axis,start,end,length,best_score,programs,cost,tokens,open\r\nr1,score,5,iteration,1,5,5,0.5,5,0.2,,true\r\n');
  });
});

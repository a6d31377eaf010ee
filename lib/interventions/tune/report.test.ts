import { describe, expect, it } from 'vitest';
import { buildTuneReport, objectiveOf, sameScore, tuneCalls, type SearchCall } from './report';

const call = (idx: number, score: number | null, status: SearchCall['status'] = 'ok'): SearchCall => ({
  idx,
  phase: idx === 1 ? 'default' : idx <= 3 ? 'random' : 'guided',
  params: { a: idx },
  status,
  score,
});

const base = { language: 'python' as const, knobs: [], rewriteSha: 'r', shaOf: (i: number) => `s${i}` };

describe('tuning report', () => {
  it('higher is better: ceiling, best so far, tuned params, gap = final best - ceiling', () => {
    const r = buildTuneReport({
      ...base, higherIsBetter: true, originalScore: 1, rewriteScore: 1, runFinalBest: 2,
      calls: [call(1, 1), call(2, 0.5), call(3, null, 'candidate-error'), call(4, 1.5), call(5, 1.5)],
    });
    expect(r.bestSoFar).toEqual([1, 1, 1, 1.5, 1.5]);
    expect(r.ceiling).toBe(1.5);
    expect(r.bestParams).toEqual({ a: 4 }); // the tie at call 5 keeps the earlier call
    expect(r.tunedSha).toBe('s4');
    expect(r.improvement).toBe(0.5);
    expect(r.gap).toBe(0.5);
    expect(r.recoveredShare).toBe(0.5);
    expect(r.rewriteReproduces).toBe(true);
    expect([r.matchesFinalBest, r.beatsFinalBest]).toEqual([false, false]);
    // the failed call was told the worst value seen before it
    expect(r.calls.map((c) => c.objective)).toEqual([1, 0.5, 0.5, 1.5, 1.5]);
    expect(r.calls[2].score).toBeNull();
  });

  it('lower is better: everything signed so that positive is better', () => {
    const r = buildTuneReport({
      ...base, higherIsBetter: false, originalScore: 10, rewriteScore: 10, runFinalBest: 7,
      calls: [call(1, 10), call(2, 12), call(3, 6)],
    });
    expect(r.bestSoFar).toEqual([10, 10, 6]);
    expect(r.ceiling).toBe(6);
    expect(r.improvement).toBe(4);
    expect(r.gap).toBe(-1); // tuning went past the run's final best
    expect(r.recoveredShare).toBeCloseTo(4 / 3, 12);
    expect([r.matchesFinalBest, r.beatsFinalBest]).toEqual([false, true]);
    expect(r.calls.map((c) => c.objective)).toEqual([-10, -12, -6]);
  });

  it('a ceiling equal to the final best up to float noise matches it and does not beat it', () => {
    const r = buildTuneReport({
      ...base, higherIsBetter: true, originalScore: 0.1 + 0.2, rewriteScore: 0.3, runFinalBest: 0.3,
      calls: [call(1, 0.1 + 0.2)],
    });
    expect(r.rewriteReproduces).toBe(false); // the check is exact: 0.30000000000000004 !== 0.3
    expect([r.matchesFinalBest, r.beatsFinalBest]).toEqual([true, false]);
    expect(sameScore(1000, 1000 + 1e-7)).toBe(true);
    expect(sameScore(1, 1 + 1e-8)).toBe(false);
  });

  it('no successful call: no ceiling, no gap', () => {
    const r = buildTuneReport({
      ...base, higherIsBetter: true, originalScore: 1, rewriteScore: 1, runFinalBest: 2,
      calls: [call(1, null, 'sandbox-error')],
    });
    expect(r).toMatchObject({ ceiling: null, gap: null, improvement: null, bestParams: null, tunedSha: null, bestSoFar: [null] });
    expect(tuneCalls([call(1, null, 'evaluator-error')], true)[0].objective).toBeNull();
    expect(objectiveOf(Number.NaN, 'ok', true)).toBeNull();
  });
});

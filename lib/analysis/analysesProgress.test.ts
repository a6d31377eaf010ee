import { describe, expect, it } from 'vitest';
import { analysesProgressSchema, dealBatches, pollInterval, progressText, stepPercent } from './analysesProgress';

describe('progressText', () => {
  it('names finished steps first, then running ones with their percent', () => {
    expect(
      progressText({
        loading: { state: 'done' },
        complexity: { state: 'running', done: 40_000, total: 100_000 },
        cycling: { state: 'done', done: 6, total: 6 },
      }),
    ).toBe('analyses: reading the run done, cycling done, complexity 40 %');
  });

  it('names a running step without counts by its name alone, and an empty record as starting', () => {
    expect(progressText({ storing: { state: 'running' } })).toBe('analyses: storing');
    expect(progressText({})).toBe('analyses: starting');
  });

  it('never rounds up to 100 % before the last unit', () => {
    expect(stepPercent({ state: 'running', done: 999, total: 1000 })).toBe(99);
    expect(stepPercent({ state: 'running', done: 0, total: 0 })).toBe(100);
    expect(stepPercent({ state: 'running' })).toBeNull();
  });

  it('parses what the worker stores and refuses unknown steps', () => {
    expect(analysesProgressSchema.safeParse({ cycling: { state: 'running', done: 2, total: 6 } }).success).toBe(true);
    expect(analysesProgressSchema.safeParse({ compiling: { state: 'running' } }).success).toBe(false);
  });
});

describe('dealBatches', () => {
  it('covers every item once, in contiguous blocks of batches', () => {
    const dealt = dealBatches(1050, 100, 2);
    expect(dealt[0].map(([f]) => f)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(dealt[1].map(([f]) => f)).toEqual([600, 700, 800, 900, 1000]);
    expect(dealt[1].at(-1)).toEqual([1000, 1050]);
    const covered = dealt.flat().sort((a, b) => a[0] - b[0]);
    let next = 0;
    for (const [from, to] of covered) {
      expect(from).toBe(next);
      next = to;
    }
    expect(next).toBe(1050);
  });

  it('leaves a thread without work when there are fewer batches than threads', () => {
    expect(dealBatches(50, 100, 3)).toEqual([[[0, 50]], [], []]);
    expect(dealBatches(0, 100, 2)).toEqual([[], []]);
  });
});

describe('pollInterval', () => {
  it('polls while a job runs or is due, and stops once the reports are current', () => {
    const running = { steps: {}, text: 'analyses: starting', startedAt: '2026-11-25T06:00:00.000Z' };
    expect(pollInterval({ running, pending: true })).toBe(1500);
    expect(pollInterval({ running: null, pending: true })).toBe(4000);
    expect(pollInterval({ running: null, pending: false })).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});

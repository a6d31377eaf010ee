import { describe, expect, it } from 'vitest';
import { replayCounters, type DbEvent } from './counters';

describe('replayCounters: the seed counters from an event log', () => {
  // Worked by hand, event by event (P = prompt, R = result):
  //  0 seed 1          state 1
  //  1 P               1 > 0 stored since the start: sequential (1)
  //  2 P               nothing stored since: parallel (1)
  //  3 R stored        iterations 1, stored 1, state 2; cpu 2 s, in 100 / out 50 tokens, $0.01
  //  4 R failed        iterations 2, execution_failed 1; cpu 5 s, no tokens, no cost
  //  5 P               state 2 > 1: sequential (2)
  //  6 R duplicate     iterations 3, duplicates 1; cpu 1 s
  //  7 reset           resets 1 (stores nothing by itself)
  //  8 P               state 2 = 2: parallel (2)
  //  9 R version       iterations 4, version_mismatch 1
  // 10 P               parallel (3)
  // Sums after event 9: cpu 2 + 5 + 1 = 8 s over 3 of 4 results (partial); tokens 100 / 50 and
  // cost $0.01 from 1 result (partial); gpu never reported: null.
  const events: DbEvent[] = [
    { type: 'seed', count: 1 },
    { type: 'prompt' },
    { type: 'prompt' },
    { type: 'result', outcome: 'stored', cpuSeconds: 2, inputTokens: 100, outputTokens: 50, cost: 0.01 },
    { type: 'result', outcome: 'execution_failed', cpuSeconds: 5 },
    { type: 'prompt' },
    { type: 'result', outcome: 'duplicate', cpuSeconds: 1 },
    { type: 'reset' },
    { type: 'prompt' },
    { type: 'result', outcome: 'version_mismatch' },
    { type: 'prompt' },
  ];

  it('ends with the hand-worked totals', () => {
    const series = replayCounters(events);
    expect(series).toHaveLength(events.length);
    expect(series.map((c) => c.at)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const last = series[series.length - 1];
    expect(last).toMatchObject({
      iterations: 4,
      storedPrograms: 1,
      executionFailed: 1,
      duplicatesDiscarded: 1,
      versionMismatchDiscarded: 1,
      prompts: 5,
      sequentialPrompts: 2,
      parallelPrompts: 3,
      resets: 1,
    });
    expect(last.cumulative.cpuSeconds).toEqual({ value: 8, reported: 3, partial: true });
    expect(last.cumulative.inputTokens).toEqual({ value: 100, reported: 1, partial: true });
    expect(last.cumulative.outputTokens).toEqual({ value: 50, reported: 1, partial: true });
    expect(last.cumulative.cost).toEqual({ value: 0.01, reported: 1, partial: true });
    expect(last.cumulative.gpuSeconds).toEqual({ value: null, reported: 0, partial: false });
  });

  it('gives the counters after every event, each a separate snapshot', () => {
    const series = replayCounters(events);
    expect(series.map((c) => c.sequentialPrompts)).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(series.map((c) => c.parallelPrompts)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
    expect(series.map((c) => c.cumulative.cpuSeconds.value)).toEqual([null, null, null, 2, 7, 7, 8, 8, 8, 8, 8]);
    // After event 3 every result so far reported cpu and cost: not partial yet.
    expect(series[3].cumulative.cost).toEqual({ value: 0.01, reported: 1, partial: false });
  });

  it('can keep every k-th snapshot and the last', () => {
    const series = replayCounters(events, { every: 4 });
    expect(series.map((c) => c.at)).toEqual([3, 7, 10]);
    expect(series.map((c) => c.iterations)).toEqual([1, 3, 4]);
    expect(() => replayCounters(events, { every: 0 })).toThrow(RangeError);
  });

  it('a first prompt before anything was stored is parallel (same empty state)', () => {
    expect(replayCounters([{ type: 'prompt' }])[0]).toMatchObject({ parallelPrompts: 1, sequentialPrompts: 0 });
  });

  it('no events, no counters', () => {
    expect(replayCounters([])).toEqual([]);
  });

  it("counts the seed's prompt edge cases: a skipped prompt is counted apart and never sent, duplicate few-shot examples are flagged and counted", () => {
    const series = replayCounters([
      { type: 'seed', count: 2 },
      { type: 'prompt', fewerClusters: true },
      { type: 'prompt', duplicateExamples: 1 },
      { type: 'prompt', skipped: true },
      { type: 'prompt', uniformFallback: true, duplicateExamples: 2 },
    ]);
    const last = series[series.length - 1];
    // Three prompts were sent (the skipped one was not): the first after the seeds is sequential.
    expect(last).toMatchObject({ prompts: 3, sequentialPrompts: 1, parallelPrompts: 2 });
    expect(last).toMatchObject({
      promptsSkipped: 1,
      promptsFewerClusters: 1,
      promptsUniformFallback: 1,
      promptsWithDuplicateExamples: 2,
      duplicateExamples: 3,
    });
    expect(series.map((c) => c.promptsWithDuplicateExamples)).toEqual([0, 0, 1, 1, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { batchPairs, pairKey, pendingPairs, runSchedule, type BatchPair } from './batchSchedule';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** Fake work that records how many run at once; each pair takes `ms` unless aborted. */
function tracker(ms = 5) {
  let running = 0;
  const state = { peak: 0, started: [] as string[], finished: [] as string[], aborted: [] as string[] };
  const run = (pair: BatchPair, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      running++;
      state.peak = Math.max(state.peak, running);
      state.started.push(pairKey(pair));
      const t = setTimeout(() => {
        running--;
        state.finished.push(pairKey(pair));
        resolve();
      }, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        running--;
        state.aborted.push(pairKey(pair));
        resolve();
      }, { once: true });
    });
  return { state, run };
}

describe('batchPairs / pendingPairs', () => {
  it('pairs every program with every test set, in program order', () => {
    expect(batchPairs(['a', 'b'], ['public', 'private']).map(pairKey)).toEqual(['a:public', 'a:private', 'b:public', 'b:private']);
  });

  it('resume: pairs whose result exists are skipped', () => {
    const all = batchPairs(['a', 'b', 'c'], ['public']);
    expect(pendingPairs(all, new Set(['a:public', 'c:public'])).map(pairKey)).toEqual(['b:public']);
  });
});

describe('runSchedule', () => {
  it('runs every pair with at most `concurrency` at once, in order', async () => {
    for (const concurrency of [1, 2, 3]) {
      const { state, run } = tracker();
      const r = await runSchedule({ pairs: batchPairs(ids(9), ['public']), concurrency, run, isCancelled: async () => false });
      expect(r).toEqual({ completed: 9, cancelled: false, interrupted: false });
      expect(state.peak).toBe(concurrency);
      expect(state.started).toEqual(ids(9).map((p) => `${p}:public`));
    }
  });

  it('resumes: only the pending pairs run', async () => {
    const { state, run } = tracker(1);
    const all = batchPairs(ids(5), ['public', 'private']);
    const done = new Set(all.slice(0, 6).map(pairKey));
    const r = await runSchedule({ pairs: pendingPairs(all, done), concurrency: 2, run, isCancelled: async () => false });
    expect(r.completed).toBe(4);
    expect(state.started).toEqual(['p3:public', 'p3:private', 'p4:public', 'p4:private']);
  });

  it('a cancel starts no further pair and aborts the running ones', async () => {
    const { state, run } = tracker(10_000); // pairs that would run for 10 s each
    let cancelled = false;
    const started = Date.now();
    const schedule = runSchedule({ pairs: batchPairs(ids(10), ['public']), concurrency: 2, run, isCancelled: async () => cancelled, pollMs: 20 });
    // Two pairs are running when the batch is cancelled.
    while (state.started.length < 2) await new Promise((r) => setTimeout(r, 5));
    cancelled = true;
    const r = await schedule;
    expect(r).toEqual({ completed: 0, cancelled: true, interrupted: false });
    expect(state.started).toEqual(['p0:public', 'p1:public']);
    expect(state.aborted.sort()).toEqual(['p0:public', 'p1:public']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a cancel seen between pairs stops the schedule there', async () => {
    const { state, run } = tracker(1);
    const r = await runSchedule({
      pairs: batchPairs(ids(10), ['public']),
      concurrency: 1,
      run,
      isCancelled: async () => state.finished.length >= 3,
    });
    expect(r).toEqual({ completed: 3, cancelled: true, interrupted: false });
    expect(state.started).toHaveLength(3);
  });

  it("the caller's signal interrupts without cancelling (the batch resumes later)", async () => {
    const { state, run } = tracker(10_000);
    const ac = new AbortController();
    const schedule = runSchedule({ pairs: batchPairs(ids(4), ['public']), concurrency: 2, run, isCancelled: async () => false, signal: ac.signal });
    while (state.started.length < 2) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    expect(await schedule).toEqual({ completed: 0, cancelled: false, interrupted: true });
    expect(state.aborted).toHaveLength(2);
  });

  it('work that throws stops the schedule and the error reaches the caller after the running pairs settle', async () => {
    const { state, run } = tracker(50);
    const boom = new Error('database gone');
    const failing = (pair: BatchPair, signal: AbortSignal) => (pair.programId === 'p1' ? Promise.reject(boom) : run(pair, signal));
    await expect(runSchedule({ pairs: batchPairs(ids(6), ['public']), concurrency: 2, run: failing, isCancelled: async () => false })).rejects.toBe(boom);
    expect(state.started).toEqual(['p0:public']);
    expect(state.aborted).toEqual(['p0:public']);
  });

  it('an empty batch completes at once', async () => {
    expect(await runSchedule({ pairs: [], concurrency: 4, run: async () => {}, isCancelled: async () => false })).toEqual({
      completed: 0, cancelled: false, interrupted: false,
    });
  });
});

// Runs the pending (program, test set) pairs of a re-evaluation batch, `concurrency` at a time.
// Pure scheduling: what a pair's work is (evaluate in a sandbox, store the row) and how the
// batch learns it was cancelled (a database poll) are injected, so the scheduling itself is
// unit-tested with fake work (batchSchedule.test.ts) and the same code serves the worker task
// and the CLI (lib/db/evaluationBatches.ts).

export type TestSet = 'public' | 'private';

export interface BatchPair {
  programId: string;
  testSet: TestSet;
}

export const pairKey = (p: BatchPair) => `${p.programId}:${p.testSet}`;

/** Every (program, test set) pair of a batch in order: each program on each of its test sets. */
export function batchPairs(programIds: readonly string[], testSets: readonly TestSet[]): BatchPair[] {
  return programIds.flatMap((programId) => testSets.map((testSet) => ({ programId, testSet })));
}

/** The pairs still to run: a pair is done when its result exists (`done` holds pairKey()s). */
export function pendingPairs(all: readonly BatchPair[], done: ReadonlySet<string>): BatchPair[] {
  return all.filter((p) => !done.has(pairKey(p)));
}

export interface ScheduleOptions {
  pairs: readonly BatchPair[];
  concurrency: number;
  /**
   * The work of one pair. `signal` aborts when the batch is cancelled (or the caller's signal
   * aborts): the work should stop its sandbox and store nothing.
   */
  run: (pair: BatchPair, signal: AbortSignal) => Promise<void>;
  /** Asked before each pair starts and every `pollMs` while pairs run. */
  isCancelled: () => Promise<boolean>;
  pollMs?: number;
  /** Stops the schedule as a cancel does (a worker shutting down, Ctrl-C in the CLI). */
  signal?: AbortSignal;
}

export interface ScheduleResult {
  /** Pairs whose work finished (without throwing) while not stopped. */
  completed: number;
  /** The batch was cancelled (isCancelled said so). */
  cancelled: boolean;
  /** The caller's signal stopped it (shutdown): the batch is not cancelled, it resumes later. */
  interrupted: boolean;
}

/**
 * At most `concurrency` pairs run at once, in order. A cancel (polled, or the caller's signal)
 * starts no further pair and aborts the running ones. Work that throws stops the schedule the
 * same way and the error is rethrown once the running pairs have settled: a database failure
 * is the caller's to retry (the batch resumes from what was stored), not a failed pair.
 */
export async function runSchedule(opts: ScheduleOptions): Promise<ScheduleResult> {
  const concurrency = Math.max(1, Math.floor(opts.concurrency));
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(opts.signal?.reason);
  if (opts.signal?.aborted) stop.abort(opts.signal.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let cancelled = false;
  let failure: { error: unknown } | null = null;
  const markCancelled = () => {
    cancelled = true;
    if (!stop.signal.aborted) stop.abort(new Error('cancelled'));
  };
  const checkCancelled = async () => {
    if (cancelled || failure) return;
    try {
      if (await opts.isCancelled()) markCancelled();
    } catch (error) {
      failure ??= { error };
      if (!stop.signal.aborted) stop.abort(error);
    }
  };

  const poller = setInterval(() => void checkCancelled(), opts.pollMs ?? 500);
  let next = 0;
  let completed = 0;
  const lane = async () => {
    for (;;) {
      if (stop.signal.aborted || failure) return;
      await checkCancelled();
      if (stop.signal.aborted || failure) return;
      if (next >= opts.pairs.length) return;
      const pair = opts.pairs[next++];
      try {
        await opts.run(pair, stop.signal);
        if (!stop.signal.aborted) completed++;
      } catch (error) {
        // After a cancel, running work ends however it ends: that is not a failure.
        if (stop.signal.aborted && !failure) return;
        failure ??= { error };
        if (!stop.signal.aborted) stop.abort(error);
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, opts.pairs.length)) }, lane));
  } finally {
    clearInterval(poller);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
  // Assigned inside the lanes: TypeScript's narrowing cannot see that.
  const failed = failure as { error: unknown } | null;
  if (failed) throw failed.error;
  return { completed, cancelled, interrupted: !cancelled && !!opts.signal?.aborted };
}

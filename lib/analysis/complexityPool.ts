// Complexity of many sources on worker threads. Parsing dominates (complexity.ts: ~2.5 ms per
// 100-line program, ~4 minutes for a 100k-program run on one thread), and each program is
// independent, so sources are measured in batches by one worker per core (two here), each with
// its own tree-sitter parsers. Batches are dealt when the pool starts, in contiguous blocks
// (poolSchedule.ts), and each thread gets many queued ahead, so the threads keep
// measuring while the calling thread computes something else (the run's cycling); a child is
// usually measured by the thread that measured its parent, which parses it incrementally from
// the parent's tree (incrementalMeasure.ts).
// The results are exactly programComplexity's (complexityPool.test.ts compares them). Few sources
// are measured in this thread: starting a worker and loading its parsers costs ~0.2 s.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { startTsWorker } from './tsWorker';
import { dealBatches } from './poolSchedule';
import { initParsers, type Complexity } from './complexity';
import { IncrementalMeasurer } from './incrementalMeasure';

export interface PoolItem {
  code: string;
  language: string | null;
  /** Index in the items of the source this one derives from (its parent's): parsed incrementally. */
  base?: number;
}

export interface PoolRequest {
  batch: number;
  items: PoolItem[];
}

export type PoolResponse = { batch: number; results: Complexity[]; incremental?: number } | { batch: number; error: string };

export interface PoolOptions {
  /** Worker threads (default: one per core, at most 4). */
  threads?: number;
  /** Fewer sources than this are measured in this thread (default 200). */
  minForThreads?: number;
  /** Sources per message (default 100). */
  batchSize?: number;
  /** Batches queued per thread ahead of its results (default 50: ~5,000 sources). */
  window?: number;
  /** Called as results come back (whenever this thread is free to receive them). */
  onProgress?: (measured: number, total: number) => void;
  /**
   * The caller gave up (its job failed or was cancelled): the threads are terminated at once and
   * the promise rejects with the signal's reason, rather than measuring on for nobody.
   */
  signal?: AbortSignal;
}

export interface PoolResult {
  results: Complexity[];
  /** Worker threads used (0: measured in this thread), and how many sources each measured. */
  threads: number;
  perThread: number[];
  /** Sources parsed incrementally from their base's tree. */
  incremental: number;
}

/**
 * Worker threads run the TypeScript worker through tsx's loader, whatever started this process
 * (tsx, vitest). tsx is resolved from here, not from the working directory.
 */
function startWorker(): Worker {
  return startTsWorker(new URL('./complexityWorker.ts', import.meta.url).href);
}

/** programComplexity of every item, in order. */
export async function measureComplexities(items: readonly PoolItem[], opts: PoolOptions = {}): Promise<PoolResult> {
  const signal = opts.signal;
  signal?.throwIfAborted();
  const size = opts.batchSize ?? 100;
  const wanted = Math.max(1, Math.min(opts.threads ?? Math.min(4, os.availableParallelism()), Math.ceil(items.length / size)));
  if (items.length < (opts.minForThreads ?? 200)) {
    await initParsers();
    const measurer = new IncrementalMeasurer();
    try {
      const results = items.map((item, k) => measurer.measure(k, item));
      opts.onProgress?.(items.length, items.length);
      return { results, threads: 0, perThread: [], incremental: measurer.incremental };
    } finally {
      measurer.close();
    }
  }
  // A thread with no batch is not started (blocks of ceil(batches / threads) can leave one out).
  const dealt = dealBatches(items.length, size, wanted).filter((b) => b.length > 0);
  const threads = dealt.length;
  const results = new Array<Complexity>(items.length);
  const perThread = new Array<number>(threads).fill(0);
  let measured = 0;
  let incremental = 0;
  const workers: Worker[] = [];
  let onAbort: (() => void) | null = null;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {}); // raced below; not an unhandled rejection when nobody aborts
  try {
    const all = Promise.all(
      dealt.map((batches, t) => {
        const worker = startWorker();
        workers.push(worker);
        // Up to `window` batches wait in each thread's queue: it keeps working while this thread
        // is busy elsewhere (a cycling pass of a 100k run), without a copy of every source queued.
        let posted = 0;
        const post = () => {
          const [from, to] = batches[posted++];
          worker.postMessage({ batch: from, items: items.slice(from, to) } satisfies PoolRequest);
        };
        while (posted < Math.min(batches.length, opts.window ?? 50)) post();
        let pending = batches.length;
        return new Promise<void>((resolve, reject) => {
          worker.on('message', (msg: PoolResponse) => {
            if (signal?.aborted) return; // terminating: results nobody waits for
            if ('error' in msg) return reject(new Error(`complexity worker failed: ${msg.error}`));
            if (msg.batch < 0) return; // started
            msg.results.forEach((c, k) => (results[msg.batch + k] = c));
            perThread[t] += msg.results.length;
            measured += msg.results.length;
            incremental += msg.incremental ?? 0;
            opts.onProgress?.(measured, items.length);
            if (posted < batches.length) post();
            if (--pending === 0) resolve();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => code !== 0 && reject(new Error(`complexity worker exited with code ${code}`)));
        });
      }),
    );
    await Promise.race([all, aborted]);
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { results, threads, perThread, incremental };
}

// How the complexity pool (complexityPool.ts) shares a run's sources among its threads.
/**
 * Batches of a pool's work dealt to its threads up front, in contiguous blocks: thread t gets
 * the t-th run of about batches/threads consecutive batches. Contiguous blocks keep a program and
 * its parent (usually a recent program) in one thread, which parses the child incrementally from
 * the parent's tree. A thread may get nothing (fewer batches than threads): the pool skips it.
 * Returns, per thread, the [from, to) item ranges of its batches in order.
 */
export function dealBatches(items: number, batchSize: number, threads: number): [number, number][][] {
  if (batchSize < 1 || threads < 1) throw new Error('dealBatches needs a batch size and threads of at least 1');
  const batches = Math.ceil(items / batchSize);
  const per = Math.ceil(batches / threads);
  const out: [number, number][][] = Array.from({ length: threads }, () => []);
  for (let b = 0; b < batches; b++) out[Math.floor(b / per)].push([b * batchSize, Math.min(items, (b + 1) * batchSize)]);
  return out;
}

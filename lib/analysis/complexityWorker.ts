// One worker thread of the complexity pool (complexityPool.ts): loads the tree-sitter parsers
// once, then measures each batch of sources it is sent (incrementally from a parent's tree when
// it still has it: incrementalMeasure.ts) and posts the results back. The pool posts
// every batch at once; they wait in the port's queue (serialised, outside this heap) until the
// parsers are loaded and the handler below takes them one at a time.
import { parentPort } from 'node:worker_threads';
import { initParsers, type Complexity } from './complexity';
import type { PoolRequest, PoolResponse } from './complexityPool';
import { IncrementalMeasurer } from './incrementalMeasure';

const port = parentPort;
if (!port) throw new Error('complexityWorker.ts runs as a worker thread only');

try {
  await initParsers();
  // Batches come in run order; a source whose parent this thread measured recently reuses its tree.
  const measurer = new IncrementalMeasurer();
  port.on('message', (req: PoolRequest) => {
    try {
      const before = measurer.incremental;
      const results: Complexity[] = req.items.map((item, k) => measurer.measure(req.batch + k, item));
      port.postMessage({ batch: req.batch, results, incremental: measurer.incremental - before } satisfies PoolResponse);
    } catch (e) {
      port.postMessage({ batch: req.batch, error: (e as Error).stack ?? String(e) } satisfies PoolResponse);
    }
  });
  port.postMessage({ batch: -1, results: [] } satisfies PoolResponse); // started
} catch (e) {
  port.postMessage({ batch: -1, error: `could not load the parsers: ${(e as Error).stack ?? String(e)}` } satisfies PoolResponse);
}

// One worker thread of the complexity pool (complexityPool.ts): loads the tree-sitter parsers
// once, then measures each batch of sources it is sent and posts the results back.
import { parentPort } from 'node:worker_threads';
import { initParsers, programComplexity, type Complexity } from './complexity';
import type { PoolRequest, PoolResponse } from './complexityPool';

const port = parentPort;
if (!port) throw new Error('complexityWorker.ts runs as a worker thread only');

const ready = initParsers();
port.on('message', async (req: PoolRequest) => {
  try {
    await ready;
    const results: Complexity[] = req.items.map((item) => programComplexity(item.code, item.language));
    port.postMessage({ batch: req.batch, results } satisfies PoolResponse);
  } catch (e) {
    port.postMessage({ batch: req.batch, error: (e as Error).stack ?? String(e) } satisfies PoolResponse);
  }
});
port.postMessage({ batch: -1, results: [] } satisfies PoolResponse); // started

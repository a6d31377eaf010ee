// One worker thread of the JSON read pool (jsonReadPool.ts): reads program files through
// lib/files (size cap, strict UTF-8, Python's NaN / Infinity, depth bound), drops the fields it
// is told to (so they never cross to the main thread) and posts the objects back in order.
import { parentPort } from 'node:worker_threads';
import { readProgramFile, type ReadRequest, type ReadResponse, type ReadResult } from './jsonReadPool';

const port = parentPort;
if (!port) throw new Error('jsonReadWorker.ts runs as a worker thread only');

port.on('message', async (req: ReadRequest) => {
  const drop = new Set(req.drop);
  const results: ReadResult[] = [];
  for (const f of req.files) results.push(await readProgramFile(f.abs, f.rel, drop));
  port.postMessage({ id: req.id, results } satisfies ReadResponse);
});

// A worker thread running a TypeScript module through tsx's loader, whatever started this process
// (tsx, vitest, the CLI bundle). tsx is resolved from here, not from the working directory. Used
// by the complexity pool (lib/analysis/complexityPool.ts) and the import's read pool
// (lib/importers/jsonReadPool.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Starts a worker thread that imports the module at `moduleUrl` (a file: URL, .ts or .js). */
export function startTsWorker(moduleUrl: string, workerData?: unknown): Worker {
  // The "import" target of tsx's "./esm/api" export (require.resolve would give the CommonJS one).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); })`;
  return new Worker(boot, { eval: true, execArgv: [], ...(workerData === undefined ? {} : { workerData }) });
}

// `npx tsx scripts/demo-evaluators.ts`: embeds the demo's evaluator folders
// (lib/services/demo/evaluators/<name>/, with the private test set under private/) into
// lib/services/demo/evaluators/files.ts, so the web app, the worker and the bundled CLI all have them
// without reading the source tree at run time. lib/services/demo/evaluators/files.test.ts fails when
// the embedded copy and the folders disagree: edit the folder, then run this.
import fs from 'node:fs';
import path from 'node:path';
import { embeddedEvaluatorsModule, readEvaluatorFolders } from '../lib/services/demo/evaluators/embed';

const root = path.resolve(import.meta.dirname, '..', 'lib', 'demo', 'evaluators');
const out = path.join(root, 'files.ts');
fs.writeFileSync(out, embeddedEvaluatorsModule(readEvaluatorFolders(root)));
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}\n`);

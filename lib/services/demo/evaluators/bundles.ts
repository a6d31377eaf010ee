// The demo tasks' evaluators as EvaluatorBundles (lib/contracts/evaluatorTypes.ts): what the demo
// generator scores every program with, what Evoscope attaches to the demo runs, and what
// scripts/demo-write.ts writes beside the OpenEvolve output. Files come from files.ts (the
// embedded copy of the folders next to this file).
import crypto from 'node:crypto';
import type { EvaluatorBundle } from '../../../contracts/evaluatorTypes';
import { DEMO_EVALUATOR_FILES, type DemoEvaluatorName } from './files';

export type { DemoEvaluatorName };

const SETTINGS: Record<DemoEvaluatorName, { programFile: string; timeoutSeconds: number; memoryMb: number }> = {
  // run_packing() gets 10 s inside; the rest is the evaluator's own start-up and checks.
  circle_packing: { programFile: 'program.py', timeoutSeconds: 30, memoryMb: 1024 },
  // Compile (~1 s) plus 5 cases of at most 2 s each, with room for a busy machine.
  ahc_routing: { programFile: 'main.cpp', timeoutSeconds: 40, memoryMb: 1024 },
  // The candidate gets 3 s inside (its own timer); numpy's import and 4 small tests take < 1 s.
  funsearch_binpacking: { programFile: 'program.py', timeoutSeconds: 20, memoryMb: 1024 },
};

const buffers = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([p, t]) => [p, Buffer.from(t, 'utf8')]));

export function demoEvaluatorBundle(name: DemoEvaluatorName): EvaluatorBundle {
  const { files, privateFiles } = DEMO_EVALUATOR_FILES[name];
  const s = SETTINGS[name];
  return {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: s.programFile,
    files: buffers(files),
    ...(Object.keys(privateFiles).length ? { privateFiles: buffers(privateFiles) } : {}),
    timeoutSeconds: s.timeoutSeconds,
    memoryMb: s.memoryMb,
  };
}

/**
 * sha256 over everything that decides a score: the contract and limits, the evaluator's files
 * (the private ones too when `testSet` is private) and the program. The demo's result cache is
 * keyed by it, so editing an evaluator or a seed file invalidates exactly what it should.
 */
export function evaluationKey(bundle: EvaluatorBundle, source: string, testSet: 'public' | 'private' = 'public'): string {
  const h = crypto.createHash('sha256');
  const field = (s: string | Buffer) => {
    const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
    h.update(`${b.length}:`);
    h.update(b);
  };
  field(JSON.stringify([bundle.contract, bundle.entry ?? '', bundle.command ?? '', bundle.programFile, bundle.timeoutSeconds, bundle.memoryMb, testSet]));
  const files = { ...bundle.files, ...(testSet === 'private' ? bundle.privateFiles : {}) };
  for (const p of Object.keys(files).sort()) {
    field(p);
    field(files[p]);
  }
  field(source);
  return h.digest('hex');
}

// At import: each run gets the evaluator its folder or archive holds (lib/evaluators/discover.ts),
// stored with it (lib/db/importRun.ts, origin 'archive'). An evaluator that cannot be taken never
// fails the import: it becomes a warning of the run's import report.
import fs from 'node:fs';
import path from 'node:path';
import { defaultProgramFile, EvaluatorInputError } from '../evaluators/files';
import { findRunEvaluator } from '../evaluators/discover';
import type { ImportedRun } from '../trace/schema';

/** OpenEvolve's EvaluatorConfig.timeout default; also used for Shinka, which has no single one. */
const DEFAULT_TIMEOUT_SECONDS = 300;

function configuredTimeout(run: ImportedRun['run']): number {
  const cfg = run.config as { evaluator?: { timeout?: unknown } } | null | undefined;
  const t = cfg && typeof cfg === 'object' ? cfg.evaluator?.timeout : undefined;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : DEFAULT_TIMEOUT_SECONDS;
}

/**
 * The folder holding the run's own output. OpenEvolve's importer records the folder it was given,
 * which may be the example folder holding openevolve_output/ (and the evaluator beside it).
 */
function outputDir(r: ImportedRun, root: string) {
  const dir = r.run.sourcePath ?? root;
  try {
    if (!fs.statSync(dir).isDirectory()) return path.dirname(dir); // a run file (run.jsonl): its folder
    const oe = path.join(dir, 'openevolve_output');
    return fs.statSync(oe, { throwIfNoEntry: false })?.isDirectory() ? oe : dir;
  } catch {
    return dir;
  }
}

export function attachFoundEvaluators(runs: ImportedRun[], root: string) {
  // What was imported may be a single run file: its folder is not ours to look through.
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) return;
  const runDirs = runs.map((r) => outputDir(r, root));
  for (const [i, r] of runs.entries()) {
    try {
      const found = findRunEvaluator(runDirs[i], root, runDirs);
      if (!found) continue;
      r.evaluator = {
        contract: found.contract === 'shinka' ? 'shinka' : 'openevolve',
        entry: found.entry,
        programFile: defaultProgramFile(r.run.language),
        files: found.files,
        timeoutSeconds: configuredTimeout(r.run),
        dir: found.dir,
      };
    } catch (e) {
      // Whatever went wrong, the import itself stands; the message never carries a host path.
      const why = e instanceof EvaluatorInputError ? e.message : `it could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).name})`;
      r.warnings.push({ code: 'evaluator-not-attached', message: `evaluator not attached: ${why.split(path.resolve(root)).join('.')}` });
    }
  }
}

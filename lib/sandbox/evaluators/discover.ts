// The evaluator an imported folder or archive holds for a run, if any. OpenEvolve is started as
// `openevolve-run.py initial_program.py evaluator.py` and writes openevolve_output/ next to them,
// so an example folder holds evaluator.py beside (above) the run; a ShinkaEvolve task folder holds
// evaluate.py with its results folders inside. So: from the run's folder up to the top of what
// was imported (never above it), the first folder with an evaluator.py defining evaluate (or
// evaluate.py) is the evaluator's folder. Its files are its own: run folders of the import are
// left out, and when the rest is over the size budget only its top-level files are taken.
import fs from 'node:fs';
import path from 'node:path';
import { checkFileSet, detectContract, EvaluatorInputError, MAX_EVALUATOR_BYTES, MAX_EVALUATOR_FILES } from './files';
import { SKIPPED_DIRS, skippedFile } from '../../contracts/evaluatorSkip';
import type { EvaluatorContract } from '../../contracts/evaluatorTypes';

export interface FoundEvaluator {
  /** The evaluator's folder, relative to the imported root ('' for the root itself). */
  dir: string;
  contract: EvaluatorContract;
  entry: string;
  files: Record<string, Buffer>;
}


const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Over budget: thrown inside the walk to stop reading at once. */
class OverBudget extends Error {}

function collect(dir: string, runDirs: string[], deep: boolean): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  let bytes = 0;
  let count = 0;
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const childAbs = path.join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        // A run folder, a folder holding one, or one inside one: the run, not its evaluator.
        if (!deep || SKIPPED_DIRS.has(e.name) || runDirs.some((r) => inside(r, childAbs) || inside(childAbs, r))) continue;
        walk(childAbs, childRel);
      } else if (e.isFile() && !skippedFile(e.name)) {
        const size = fs.statSync(childAbs).size;
        bytes += size;
        count++;
        if (bytes > MAX_EVALUATOR_BYTES || count > MAX_EVALUATOR_FILES) throw new OverBudget();
        files[childRel] = fs.readFileSync(childAbs);
      }
      // Links and special files are not part of an evaluator: archives refuse them already.
    }
  };
  walk(dir, '');
  return files;
}

function hasEvaluator(dir: string) {
  return fs.existsSync(path.join(dir, 'evaluator.py')) || fs.existsSync(path.join(dir, 'evaluate.py'));
}

/**
 * The evaluator for the run read from `runDir`, looking up to `root`; `runDirs` are every run
 * folder of the import (left out of the evaluator's files). Null when there is none; an
 * EvaluatorInputError naming the folder when there is one that cannot be taken.
 */
export function findRunEvaluator(runDir: string, root: string, runDirs: string[]): FoundEvaluator | null {
  const top = path.resolve(root);
  let dir = path.resolve(runDir);
  if (!inside(dir, top)) dir = top;
  for (;;) {
    if (hasEvaluator(dir)) {
      const rel = path.relative(top, dir).split(path.sep).join('/');
      const shown = rel || path.basename(top);
      const runs = runDirs.map((r) => path.resolve(r));
      let files: Record<string, Buffer>;
      try {
        files = collect(dir, runs, true);
      } catch (e) {
        if (!(e instanceof OverBudget)) throw e;
        try {
          files = collect(dir, runs, false);
        } catch (e2) {
          if (!(e2 instanceof OverBudget)) throw e2;
          throw new EvaluatorInputError(`the evaluator folder ${shown} holds more than ${MAX_EVALUATOR_FILES} files or ${MAX_EVALUATOR_BYTES / 2 ** 20} MB`);
        }
      }
      const { contract, entry } = detectContract(files);
      checkFileSet(files, `evaluator folder ${shown}`);
      return { dir: rel, contract, entry: entry!, files };
    }
    if (dir === top) return null;
    dir = path.dirname(dir);
  }
}

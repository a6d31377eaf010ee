// What a user keeps next to openevolve_output/ for a task, as OpenEvolve's examples do: the
// initial program and the evaluator (evaluator.py and its data files). Written for both demo
// runs, so importing the folder of a demo run brings its evaluator along (an import takes the
// folder holding evaluator.py, minus the run itself, as the run's evaluator).
// The C++ judge's private test set goes to a SIBLING folder (<task>_private/, same file names,
// overlaid on the public ones when re-scoring privately): inside the task folder it would be
// taken as part of the public evaluator. Attach it with `env attach ... --private <that folder>`.
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_EVALUATOR_FILES } from './evaluators/files';
import type { GeneratedRun } from './scenario';

/** Files by path relative to the task folder (the parent of openevolve_output/). */
export function taskFiles(run: GeneratedRun): Map<string, string> {
  const t = run.config.template;
  const out = new Map<string, string>([[`initial_program${t.ext}`, `${t.seed.join('\n')}\n`]]);
  for (const [p, text] of Object.entries(DEMO_EVALUATOR_FILES[t.evaluator].files)) out.set(p, text);
  return out;
}

/** The private test set's files (empty when the task has none). */
export function privateTaskFiles(run: GeneratedRun): Map<string, string> {
  return new Map(Object.entries(DEMO_EVALUATOR_FILES[run.config.template.evaluator].privateFiles));
}

export const privateDirFor = (taskDir: string) => `${taskDir.replace(/[/\\]+$/, '')}_private`;

function writeAll(files: Map<string, string>, dir: string) {
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

/** Writes the task files into `dir` and the private test set (if any) into privateDirFor(dir). */
export function writeTaskFiles(run: GeneratedRun, dir: string): { files: number; privateDir: string | null } {
  const files = taskFiles(run);
  writeAll(files, dir);
  const priv = privateTaskFiles(run);
  if (!priv.size) return { files: files.size, privateDir: null };
  writeAll(priv, privateDirFor(dir));
  return { files: files.size + priv.size, privateDir: privateDirFor(dir) };
}

// What a user keeps next to openevolve_output/ for a task, as OpenEvolve's examples do: the
// config, the initial program and the evaluator (evaluator.py and its data files). Written for both demo
// runs, so importing the folder of a demo run brings its evaluator along (an import takes the
// folder holding evaluator.py, minus the run itself, as the run's evaluator).
// The C++ judge's private test set goes to a SIBLING folder (<task>_private/, same file names,
// overlaid on the public ones when re-scoring privately): inside the task folder it would be
// taken as part of the public evaluator. Attach it with `env attach ... --private <that folder>`.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { demoEvaluatorBundle } from './evaluators/bundles';
import { DEMO_EVALUATOR_FILES } from './evaluators/files';
import type { GeneratedRun } from './scenario';

/** The OpenEvolve config a user would keep next to openevolve_output/ (the importer reads it). */
export function configYaml(run: GeneratedRun): string {
  const c = run.config;
  return YAML.stringify({
    max_iterations: c.iterations,
    checkpoint_interval: c.checkpointInterval,
    random_seed: c.seed,
    language: c.template.language,
    diff_based_evolution: c.mode === 'diff',
    max_code_length: 10000,
    llm: {
      models: [
        { name: 'gemini-2.0-flash', weight: 0.8 },
        { name: 'gemini-2.5-pro', weight: 0.2 },
      ],
      temperature: 0.7,
      max_tokens: 8192,
    },
    prompt: { system_message: c.template.systemMessage, num_top_programs: 2 },
    database: {
      population_size: c.populationPerIsland * c.islands,
      archive_size: 20,
      num_islands: c.islands,
      migration_interval: c.migrationInterval,
      migration_rate: 0.1,
      feature_dimensions: ['complexity', 'diversity'],
      feature_bins: 10,
    },
    evaluator: { timeout: demoEvaluatorBundle(c.template.evaluator).timeoutSeconds, cascade_evaluation: false, parallel_evaluations: 1 },
  });
}

/** Files by path relative to the task folder (the parent of openevolve_output/). */
export function taskFiles(run: GeneratedRun): Map<string, string> {
  const t = run.config.template;
  const out = new Map<string, string>([
    ['config.yaml', configYaml(run)],
    [`initial_program${t.ext}`, `${t.seed.join('\n')}\n`],
  ]);
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

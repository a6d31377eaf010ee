// At import: each run gets the evaluator its folder or archive holds (lib/sandbox/evaluators/discover.ts),
// stored with it (lib/db/prepareImportedRun.ts, origin 'archive'). An evaluator that cannot be taken never
// fails the import: it becomes a warning of the run's import report.
import fs from 'node:fs';
import path from 'node:path';
import { defaultProgramFile, EvaluatorInputError } from '../../sandbox/evaluators/files';
import { findRunEvaluator } from '../../sandbox/evaluators/discover';
import type { ImportedRun } from '../../trace/schema';

/** OpenEvolve's EvaluatorConfig.timeout default; also used for Shinka, which has no single one. */
const DEFAULT_TIMEOUT_SECONDS = 300;

type EvaluatorConfig = { timeout?: unknown; cascade_evaluation?: unknown; cascade_thresholds?: unknown };

/** OpenEvolve's config.yaml `evaluator:` section, when the run kept its config. */
function evaluatorConfig(run: ImportedRun['run']): EvaluatorConfig {
  const cfg = run.config as { evaluator?: unknown } | null | undefined;
  const ev = cfg && typeof cfg === 'object' ? cfg.evaluator : undefined;
  return ev && typeof ev === 'object' ? (ev as EvaluatorConfig) : {};
}

function configuredTimeout(cfg: EvaluatorConfig): number {
  const t = cfg.timeout;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : DEFAULT_TIMEOUT_SECONDS;
}

/** The cascade as the config set it (either key), else undefined: OpenEvolve's defaults apply. */
function configuredCascade(cfg: EvaluatorConfig) {
  const enabled = typeof cfg.cascade_evaluation === 'boolean' ? cfg.cascade_evaluation : undefined;
  const th = cfg.cascade_thresholds;
  const thresholds = Array.isArray(th) && th.length && th.every((t) => typeof t === 'number' && Number.isFinite(t)) ? (th as number[]) : undefined;
  if (enabled === undefined && !thresholds) return undefined;
  return { enabled: enabled ?? true, thresholds: thresholds ?? [0.5, 0.75, 0.9] };
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
      const cfg = evaluatorConfig(r.run);
      const cascade = found.contract === 'openevolve' ? configuredCascade(cfg) : undefined;
      r.evaluator = {
        contract: found.contract === 'shinka' ? 'shinka' : 'openevolve',
        entry: found.entry,
        programFile: defaultProgramFile(r.run.language),
        files: found.files,
        timeoutSeconds: configuredTimeout(cfg),
        ...(cascade ? { cascade } : {}),
        dir: found.dir,
      };
    } catch (e) {
      // Whatever went wrong, the import itself stands; the message never carries a host path.
      const why = e instanceof EvaluatorInputError ? e.message : `it could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).name})`;
      r.warnings.push({ code: 'evaluator-not-attached', message: `evaluator not attached: ${why.split(path.resolve(root)).join('.')}` });
    }
  }
}

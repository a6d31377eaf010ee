// gepa-ai/gepa's own output -> one ImportedRun per run folder. A GEPA candidate is a set of named
// text components (prompts), so programs carry `components` and code = componentsText(...)
// (lib/trace/components.ts). Three layouts, each in its own file with the fields it maps:
//
//   gepaRunDir.ts            run_dir with run_log.json + candidates.json
//   gepaAgentTree.ts         the agent-state tree (iterations/<id>/meta.json, components/*.txt,
//                            val_scores.json, pareto/*_front.json); beside a run_log.json it only
//                            completes that run: model, tokens, cost and time per program, and the
//                            text of rejected proposals (matched by candidate index / iteration)
//   gepaOptimizeAnything.ts  optimize_anything's output folder (candidates.jsonl, evals/,
//                            progress_log.jsonl, summary.json)
//
// gepa_state.bin (GEPAState.save: a pickle) is never opened: unpickling runs whatever code the
// file holds. A folder holding only it is detected, so the user gets a message naming the files
// Evoscope reads and the setting that writes them instead of "unknown layout".
import path from 'node:path';
import { componentsText } from '../trace/components';
import { ImportError, type ImportedRun, type ProgramRecord } from '../trace/schema';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { isDir, isFile } from './inputFiles';
import { isGepaAgentTree, readGepaAgentTree } from './gepaAgentTree';
import { isOptimizeAnythingDir, readOptimizeAnything } from './gepaOptimizeAnything';
import { isGepaRunDir, readGepaRunDir, RUN_LOG } from './gepaRunDir';
import { STATE_ONLY_MESSAGE } from './gepaShared';

const STATE_BIN = 'gepa_state.bin';

/** gepa_state.bin and nothing Evoscope can read beside it (other files, e.g. logs, are allowed). */
function isStateOnly(p: string): boolean {
  return isFile(path.join(p, STATE_BIN)) && !isGepaRunDir(p) && !isGepaAgentTree(p) && !isOptimizeAnythingDir(p);
}

/** Fills what run_log.json lacks from the agent-state tree beside it. */
function completeFromTree(run: ImportedRun, tree: ImportedRun): void {
  const treeByIndex = new Map(tree.programs.filter((p) => !p.rejected).map((p) => [p.externalId, p]));
  const treeRejected = new Map(tree.programs.filter((p) => p.rejected).map((p) => [p.iteration, p]));
  const order = Object.keys(run.programs.find((p) => p.components)?.components ?? {});
  let filled = 0;
  for (const p of run.programs) {
    const t: ProgramRecord | undefined = p.rejected ? treeRejected.get(p.iteration) : treeByIndex.get(p.externalId);
    if (!t) continue;
    filled++;
    const o = t.origin ?? {};
    p.origin = { ...p.origin, model: o.model ?? null, promptTokens: o.promptTokens ?? null, completionTokens: o.completionTokens ?? null, cost: o.cost ?? null, operator: p.origin?.operator ?? o.operator ?? null };
    p.timestamp ??= t.timestamp;
    if (p.rejected && !p.code && t.code) {
      // The run's component order (the seed's keys), not the tree's file-name order.
      p.code = t.components ? componentsText(t.components, order) : t.code;
      p.components = t.components;
    }
  }
  const stillNoText = run.programs.filter((p) => p.rejected && !p.code).length;
  const noModel = run.programs.filter((p) => !p.origin?.model).length;
  run.warnings = run.warnings.filter((w) => !['gepa-rejected-text-missing', 'gepa-origin-missing', 'gepa-no-timestamps'].includes(w.code));
  if (stillNoText) run.warnings.push({ code: 'gepa-rejected-text-missing', message: `${stillNoText} rejected proposals have no text in ${RUN_LOG} nor in iterations/`, count: stillNoText });
  if (noModel) run.warnings.push({ code: 'gepa-no-model', message: `${noModel} programs have no LLM model recorded (neither ${RUN_LOG} nor iterations/ names it)`, count: noModel });
  run.warnings.push(...tree.warnings.filter((w) => w.code !== 'gepa-no-model'));
  run.stats.programsCompletedFromTree = filled;
  run.stats.filesRead += tree.stats.filesRead ?? 0;
  const treeFronts = tree.searchState?.snapshots?.[0]?.extra;
  const snap = run.searchState?.snapshots?.[0];
  if (treeFronts && snap) snap.extra = { ...treeFronts, ...snap.extra };
  else if (treeFronts && run.searchState) run.searchState.snapshots = tree.searchState!.snapshots;
  (run.run.meta as { gepa: Record<string, unknown> }).gepa.layout = 'run_dir+agent_state_tree';
}

export async function readGepaRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const root = path.resolve(p);
  if (isGepaRunDir(root)) {
    const run = await readGepaRunDir(root, opts);
    if (isGepaAgentTree(root)) completeFromTree(run, await readGepaAgentTree(root, {}));
    return run;
  }
  if (isGepaAgentTree(root)) return readGepaAgentTree(root, opts);
  if (isOptimizeAnythingDir(root)) return readOptimizeAnything(root, opts);
  if (isStateOnly(root)) throw new ImportError(`${path.basename(root)} ${STATE_ONLY_MESSAGE}`);
  throw new ImportError(`not a GEPA output folder: ${p}`);
}

export const gepaFormat: ImporterFormat = {
  format: 'gepa',
  description: FORMAT_DESCRIPTIONS.gepa,
  detect: async (p) => isDir(p) && (isGepaRunDir(p) || isGepaAgentTree(p) || isOptimizeAnythingDir(p) || isStateOnly(p)),
  read: async (p, opts) => [await readGepaRun(p, opts)],
};


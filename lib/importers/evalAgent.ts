// The eval agent's folder beside a run (issue 13; seed 001 "Evolving Evaluation") -> the run's
// `diagnoses`, and its agent candidates marked. Read by every importer whose layout may hold it
// (ShinkaEvolve results directories, OpenEvolve output directories); the rules that turn files
// into records are lib/diagnosis/importedDiagnoses.ts. Layout (lib/importers/README.md):
//
//   <run root>/eval_agent_memory/   (or eval_agent/; for OpenEvolve also beside openevolve_output/)
//     trigger_<G>/ | gen_<G>/ | generation_<G>/   one folder per trigger, G = its generation
//       diagnostic_report.md        the four-part report (Hypothesis / Experiment / Verdict / Direction)
//       auxiliary_metrics.py        optional: evaluate_aux(results_dir, primary_result), in force from G on
//       agent_candidate.<ext>       optional: the agent's own program (it competes in the pool)
//       trigger.json                optional: {"generation": G, "diagnosed": id, "agent_candidate": id}
//     diagnostic_report.md, auxiliary_metrics.py, agent_candidate.<ext>
//                                   with no trigger folders: the one (latest) trigger; with them: the
//                                   framework's working copy of the newest, ignored (a warning when it
//                                   differs from the newest trigger folder's report)
//   <shinka root>/gen_N/agent_candidate.<ext>   marks generation N's program as an agent candidate
//
// Bad input never fails the import: an unreadable, binary or oversized file is skipped with a
// warning naming it; a script without `def evaluate_aux(` is kept, with a warning.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildDiagnoses, type TriggerInput } from '../diagnosis/importedDiagnoses';
import { hasEvaluateAux } from '../diagnosis/auxKeys';
import { formatBytes } from '../files/errors';
import type { ImportedRun, ImportWarning } from '../trace/schema';
import { listDir } from './shinkaFiles';

export const EVAL_AGENT_DIRS = ['eval_agent_memory', 'eval_agent'];
const TRIGGER_DIR = /^(?:trigger|gen|generation)_(\d+)$/;
const CANDIDATE = /^agent_candidate\.[A-Za-z0-9]+$/;
const GEN_DIR = /^gen_(\d+)$/;
const MAX_REPORT_BYTES = 1024 ** 2;
const MAX_SCRIPT_BYTES = 1024 ** 2;
const MAX_CANDIDATE_BYTES = 4 * 1024 ** 2;
const strict = new TextDecoder('utf-8', { fatal: true });

type Rel = (abs: string) => string;

/** A text file, or null with a warning naming it when it cannot be one. */
async function readText(abs: string, rel: string, max: number, what: string, warnings: ImportWarning[]): Promise<string | null> {
  try {
    const st = await fs.stat(abs);
    if (st.size > max) {
      warnings.push({ code: 'eval-agent-file-skipped', message: `${what} not imported: ${formatBytes(st.size)}, above the ${formatBytes(max)} limit`, file: rel });
      return null;
    }
    const bytes = await fs.readFile(abs);
    const text = strict.decode(bytes);
    if (text.includes('\u0000')) throw new Error('binary content (NUL bytes)');
    return text;
  } catch (e) {
    const why = e instanceof TypeError ? 'not UTF-8 text' : (e as Error).message.replace(/\s*'?\/[^']*'?/g, '');
    warnings.push({ code: 'eval-agent-file-skipped', message: `${what} not imported: ${why}`, file: rel });
    return null;
  }
}

async function readTrigger(dir: string, rel: Rel, generation: number | null, warnings: ImportWarning[]): Promise<TriggerInput> {
  const names = (await listDir(dir)).filter((e) => e.isFile).map((e) => e.name);
  const at = (n: string) => path.join(dir, n);
  const has = (n: string) => names.includes(n);
  const reportMd = has('diagnostic_report.md') ? await readText(at('diagnostic_report.md'), rel(at('diagnostic_report.md')), MAX_REPORT_BYTES, 'diagnostic report', warnings) : null;
  if (reportMd != null && !reportMd.trim()) warnings.push({ code: 'eval-agent-report-empty', message: 'diagnostic report is empty', file: rel(at('diagnostic_report.md')) });
  let auxScript = has('auxiliary_metrics.py') ? await readText(at('auxiliary_metrics.py'), rel(at('auxiliary_metrics.py')), MAX_SCRIPT_BYTES, 'auxiliary_metrics.py', warnings) : null;
  if (auxScript != null && !hasEvaluateAux(auxScript)) {
    warnings.push({ code: 'eval-agent-script-malformed', message: 'auxiliary_metrics.py defines no evaluate_aux(results_dir, primary_result): kept as written (the aux values are read from the metrics, not from running it)', file: rel(at('auxiliary_metrics.py')) });
  }
  if (auxScript != null && !auxScript.trim()) auxScript = null;
  const candName = names.filter((n) => CANDIDATE.test(n)).sort()[0];
  const candCode = candName ? await readText(at(candName), rel(at(candName)), MAX_CANDIDATE_BYTES, 'agent candidate', warnings) : null;
  let meta: { generation?: unknown; diagnosed?: unknown; agent_candidate?: unknown } = {};
  if (has('trigger.json')) {
    const text = await readText(at('trigger.json'), rel(at('trigger.json')), 64 * 1024, 'trigger.json', warnings);
    try {
      const v: unknown = text == null ? {} : JSON.parse(text);
      if (typeof v === 'object' && v && !Array.isArray(v)) meta = v as typeof meta;
      else throw new Error('not an object');
    } catch (e) {
      warnings.push({ code: 'eval-agent-file-skipped', message: `trigger.json not read: ${(e as Error).message}`, file: rel(at('trigger.json')) });
    }
  }
  const metaGen = typeof meta.generation === 'number' && Number.isInteger(meta.generation) && meta.generation >= 0 ? meta.generation : null;
  return {
    where: rel(dir),
    generation: generation ?? metaGen,
    reportMd,
    auxScript,
    candidate: candName && candCode != null ? { file: rel(at(candName)), code: candCode } : null,
    diagnosed: typeof meta.diagnosed === 'string' ? meta.diagnosed : null,
    agentCandidate: typeof meta.agent_candidate === 'string' ? meta.agent_candidate : null,
  };
}

/** The eval agent's folder in the first of `dirs` that has one, or null. */
export async function findEvalAgentDir(dirs: readonly string[]): Promise<string | null> {
  for (const d of dirs) {
    const entries = await listDir(d);
    const hit = EVAL_AGENT_DIRS.find((n) => entries.some((e) => e.isDir && e.name === n));
    if (hit) return path.join(d, hit);
  }
  return null;
}

/** Every trigger of the eval agent's folder, in folder order. */
export async function readEvalAgentTriggers(dir: string, rel: Rel, warnings: ImportWarning[]): Promise<TriggerInput[]> {
  const entries = await listDir(dir);
  const folders = entries
    .flatMap((e) => (e.isDir && TRIGGER_DIR.test(e.name) ? [{ g: Number(TRIGGER_DIR.exec(e.name)![1]), name: e.name }] : []))
    .sort((a, b) => a.g - b.g);
  const triggers: TriggerInput[] = [];
  for (const f of folders) triggers.push(await readTrigger(path.join(dir, f.name), rel, f.g, warnings));
  const rootHasFiles = entries.some((e) => e.isFile && (e.name === 'diagnostic_report.md' || e.name === 'auxiliary_metrics.py'));
  if (rootHasFiles) {
    const root = await readTrigger(dir, rel, null, folders.length ? [] : warnings);
    if (!folders.length) {
      triggers.push(root);
    } else if (root.reportMd != null && root.reportMd.trim() !== (triggers.at(-1)!.reportMd ?? '').trim()) {
      warnings.push({
        code: 'eval-agent-root-ignored',
        message: `diagnostic_report.md at the folder root differs from the newest trigger folder's (${folders.at(-1)!.name}): the trigger folders are imported, the root copy is not`,
        file: rel(path.join(dir, 'diagnostic_report.md')),
      });
    }
  }
  return triggers;
}

/** Generations whose gen_N/ folder holds an agent_candidate.* file (Shinka layout). */
export async function candidateGenerations(root: string): Promise<Set<number>> {
  const out = new Set<number>();
  for (const e of await listDir(root)) {
    if (!e.isDir || !GEN_DIR.test(e.name)) continue;
    if ((await listDir(path.join(root, e.name))).some((f) => f.isFile && CANDIDATE.test(f.name))) out.add(Number(GEN_DIR.exec(e.name)![1]));
  }
  return out;
}

/**
 * Adds the eval agent's diagnoses to `run` when one of `dirs` holds its folder (no-op otherwise).
 * `genRoot`: the Shinka results directory whose gen_N/ folders may mark agent candidates.
 */
export async function attachEvalAgent(run: ImportedRun, dirs: readonly string[], rel: Rel, opts: { genRoot?: string } = {}): Promise<void> {
  const dir = await findEvalAgentDir(dirs);
  if (!dir) return;
  const triggers = await readEvalAgentTriggers(dir, rel, run.warnings);
  if (!triggers.length) {
    run.warnings.push({ code: 'eval-agent-empty', message: 'eval agent folder holds no trigger folder (trigger_<G>/) and no diagnostic_report.md', file: rel(dir) });
    return;
  }
  const gens = opts.genRoot ? await candidateGenerations(opts.genRoot) : undefined;
  run.diagnoses = buildDiagnoses(triggers, run.programs, {
    scoreMetric: run.run.scoreMetric ?? null,
    higherIsBetter: run.run.higherIsBetter ?? true,
    candidateGenerations: gens,
  });
  run.stats.diagnoses = run.diagnoses.length;
  run.stats.auxValues = run.diagnoses.reduce((n, d) => n + (d.auxValues?.length ?? 0), 0);
  run.stats.agentCandidates = run.programs.filter((p) => (p.metadata as { agentCandidate?: unknown } | undefined)?.agentCandidate === true).length;
}

// EvoX's co-evolved search strategies (search/evox/controller.py + utils/coevolve_logging.py):
// a second population, one folder per strategy generation, beside the solutions' checkpoints.
//
//   search/iteration_N/
//     metadata.json        {iteration, program_id, score, metrics, pending_score} when generated;
//                          update_saved_search_algorithm_score adds combined_score, is_new_best,
//                          start_db_stats, end_db_stats; log_active_algorithm adds is_fallback
//     code.py              the generated strategy (or, when generation failed before one existed,
//                          the active strategy re-logged there)
//     active_code.py       the strategy kept in force when the new one failed validation
//     prompts.json         {system_prompt, user_prompt, llm_response} (only what was non-empty)
//     failed_attempts.json {iteration, failed_attempts: [{attempt_number, solution_iter, error,
//                          stage, solution, program_id, llm_response_file?, prompt_file?, ...}]}
//     labels.yaml          (iteration_1 only) diverge_label / refine_label: the variation
//                          operators every solution's parent_info label is one of
//
// -> StrategyRecord: iteration = N; code = code.py (active_code.py when code.py is missing);
//    score = combined_score, else score; isNewBest = is_new_best; fallback = is_fallback (false
//    when metadata.json exists without it); activeFrom / activeTo: EvoX writes no solution-
//    iteration range, so they are derived from the statistics it saved: activeFrom = 1 + the
//    newest solution iteration in start_db_stats (the strategy was switched in after it), activeTo
//    = the newest in end_db_stats (scored and replaced there); null when either is absent, and for
//    a fallback (never in force). metadata = the rest of metadata.json, the db stats without their
//    `previous_programs` (whole Program dicts, sources included; their count is kept);
//    prompts = prompts.json; failedAttempts = failed_attempts.json's list, each attempt with the
//    prompt (failed_attempt_k_prompt.json) and LLM response (failed_attempt_k_llm_response.txt)
//    it names read in as `prompt` / `llm_response` (names with a path in them are not followed).
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import type { ImportWarning, StrategyRecord } from '../trace/schema';
import { isObject, type Json } from './openevolveProgram';
import { isFile } from './inputFiles';
import { readTextFile, strategyDirs } from './skydiscoverLayout';

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const MAPPED = new Set(['iteration', 'combined_score', 'score', 'is_new_best', 'is_fallback', 'start_db_stats', 'end_db_stats']);

type ReadObject = (file: string) => Promise<Json>;

/** The newest solution iteration a saved get_statistics() shows (its execution trace). */
function newestIteration(stats: unknown): number | null {
  if (!isObject(stats) || !isObject(stats.recent_solution_stats)) return null;
  const trace = stats.recent_solution_stats.execution_trace;
  if (!Array.isArray(trace)) return null;
  const its = trace.flatMap((t) => (isObject(t) && typeof t.iteration === 'number' && Number.isInteger(t.iteration) ? [t.iteration] : []));
  return its.length ? Math.max(...its) : null;
}

/** get_statistics() without the Program dicts it lists (sources, prompts): counted instead. */
function lightStats(stats: unknown): unknown {
  if (!isObject(stats)) return stats;
  const { previous_programs, ...rest } = stats;
  return Array.isArray(previous_programs) ? { ...rest, previous_programs_count: previous_programs.length } : rest;
}

/** EvoX's variation-operator labels (labels.yaml) -> 'diverge' / 'refine', for the solutions' parent_info. */
export async function evoxLabelNames(root: string, warnings: ImportWarning[], rel: (abs: string) => string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { dir } of strategyDirs(root)) {
    const file = path.join(dir, 'labels.yaml');
    if (!isFile(file)) continue;
    try {
      const y = parseYamlBounded((await readTextFile(file, rel(file))) ?? '');
      if (isObject(y)) {
        for (const name of ['diverge', 'refine']) {
          const text = y[`${name}_label`];
          if (typeof text === 'string' && text.trim()) out.set(text.trim(), name);
        }
      }
    } catch (e) {
      warnings.push({ code: 'labels-unreadable', message: `EvoX labels not read: ${(e as Error).message}`, file: rel(file) });
    }
  }
  return out;
}

/** Each failed attempt with the prompt and LLM response it names (failed_attempt_k_prompt.json,
 *  failed_attempt_k_llm_response.txt) read in; only files inside the iteration folder. */
async function withAttemptFiles(dir: string, attempts: unknown[], readObject: ReadObject, readText: (abs: string) => Promise<string | null>) {
  const inside = (name: unknown) => (typeof name === 'string' && /^[\w.-]+$/.test(name) ? path.join(dir, name) : null);
  return Promise.all(
    attempts.map(async (a) => {
      if (!isObject(a)) return a;
      const out: Json = { ...a };
      const prompt = inside(a.prompt_file);
      if (prompt && isFile(prompt)) out.prompt = await readObject(prompt);
      const response = inside(a.llm_response_file);
      if (response) {
        const text = await readText(response);
        if (text != null) out.llm_response = text;
      }
      return out;
    }),
  );
}

export async function readStrategies(root: string, readObject: ReadObject, rel: (abs: string) => string, warnings: ImportWarning[]): Promise<StrategyRecord[]> {
  const readText = (abs: string) => readTextFile(abs, rel(abs));
  const out: StrategyRecord[] = [];
  let pending = 0;
  let noCode = 0;
  for (const { n, dir } of strategyDirs(root)) {
    const metaFile = path.join(dir, 'metadata.json');
    const meta = isFile(metaFile) ? await readObject(metaFile) : null;
    const code = (await readText(path.join(dir, 'code.py'))) ?? (await readText(path.join(dir, 'active_code.py')));
    if (code == null) {
      noCode++;
      continue;
    }
    const failedFile = path.join(dir, 'failed_attempts.json');
    const failed = isFile(failedFile) ? await readObject(failedFile) : null;
    const promptsFile = path.join(dir, 'prompts.json');
    const prompts = isFile(promptsFile) ? await readObject(promptsFile) : null;
    const fallback = meta ? meta.is_fallback === true : null;
    if (meta?.pending_score === true) pending++;
    const from = fallback ? null : newestIteration(meta?.start_db_stats);
    const to = fallback ? null : newestIteration(meta?.end_db_stats);
    const rest: Json = meta ? Object.fromEntries(Object.entries(meta).filter(([k]) => !MAPPED.has(k))) : {};
    if (meta?.start_db_stats !== undefined) rest.start_db_stats = lightStats(meta.start_db_stats);
    if (meta?.end_db_stats !== undefined) rest.end_db_stats = lightStats(meta.end_db_stats);
    const activeCode = await readText(path.join(dir, 'active_code.py'));
    if (activeCode != null && activeCode !== code) rest.active_code = activeCode;
    out.push({
      iteration: n,
      code,
      score: finite(meta?.combined_score) ?? finite(meta?.score),
      isNewBest: typeof meta?.is_new_best === 'boolean' ? meta.is_new_best : null,
      fallback,
      activeFrom: from != null ? from + 1 : null,
      activeTo: to,
      metadata: rest,
      ...(prompts ? { prompts } : {}),
      ...(failed && Array.isArray(failed.failed_attempts) ? { failedAttempts: await withAttemptFiles(dir, failed.failed_attempts, readObject, readText) } : {}),
    });
  }
  if (pending) warnings.push({ code: 'strategy-unscored', message: `${pending} search strategies were never scored (pending_score): the run ended before their window closed`, count: pending });
  if (noCode) warnings.push({ code: 'strategy-code-missing', message: `${noCode} search/iteration_N folders hold no code.py or active_code.py: left out`, count: noCode });
  return out;
}

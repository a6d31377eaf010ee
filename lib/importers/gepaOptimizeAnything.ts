// gepa's optimize_anything output folder -> one ImportedRun. The folder is what its EvalServer
// (gepa/oa/eval_server.py) writes under OptimizeAnythingConfig.output_dir:
//
//   candidates.jsonl     {candidate_id, candidate} per validated candidate -> program
//                        "<candidate_id>"; candidate is a text (-> code) or, from a legacy dict
//                        seed, named texts (-> components, code = componentsText in the first
//                        candidate's key order)
//   progress_log.jsonl   {val_score, best_val_score, total_evals, wall_time, total_cost,
//                        reflection_cost, candidate_id} -> the candidate's score and
//                        metrics.val_score (its latest row), metrics.total_evals_at_validation,
//                        metrics.best_val_score, metrics.reflection_cost_so_far; iteration = the
//                        row's position (the order GEPA validated candidates in)
//   evals/<n>.json       {eval, score, candidate_len, wall_time, cumulative_cost, cost,
//                        timestamp, candidate, info}, one per evaluator call -> grouped by
//                        candidate text: timestamp = the first call's, metrics.eval_calls,
//                        metrics.eval_mean_score, metrics.eval_cost (the evaluator's own cost,
//                        info.cost), evaluation.artifacts = the latest call's info.
//                        A text evaluated but never validated (absent from candidates.jsonl) is a
//                        proposal GEPA rejected on its minibatch -> program "eval-<n>" (n: its first
//                        call), rejected: true, valid: false
//   summary.json         {best_score, total_evals, total_cost, budget} -> run.meta.gepa.summary
//                        (progress_log.jsonl's rows, those without a candidate too -> run.meta.gepa.progress)
//   gepa_state/          the engine's run_dir (gepa_state.bin, a pickle): never opened
// Not in this folder, so never invented (warnings): parents and the operator of each program,
// the LLM model, tokens and cost per program (only the run's reflection cost over time), the
// per-instance validation scores.
import fs from 'node:fs';
import path from 'node:path';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { isDir, isFile, isObject, listDir, readJson, readLines, type Json } from './inputFiles';
import { candidateText, finite, gepaRunRecord, index } from './gepaShared';

const CANDIDATES = 'candidates.jsonl';
const PROGRESS = 'progress_log.jsonl';
const SUMMARY = 'summary.json';
const EVALS = 'evals';
const EVAL_FILE = /^(\d+)\.json$/;

export const isOptimizeAnythingDir = (p: string) =>
  (isFile(path.join(p, CANDIDATES)) && isFile(path.join(p, PROGRESS))) || (isFile(path.join(p, SUMMARY)) && isDir(path.join(p, EVALS)));

/** One key per candidate text, dict candidates keyed by their sorted entries (as EvalServer does). */
const keyOf = (c: unknown) => (typeof c === 'string' ? c : JSON.stringify(Object.fromEntries(Object.entries(c as Json).sort())));

interface EvalGroup {
  first: number;
  candidate: unknown;
  calls: number;
  scoreSum: number;
  cost: number;
  timestamp: number | null;
  info: unknown;
}

export async function readOptimizeAnything(root: string, opts: { name?: string; onFileRead?: (n: number) => void }): Promise<ImportedRun> {
  const warnings: ImportWarning[] = [];
  let filesRead = 0;
  const counted = () => {
    filesRead++;
    opts.onFileRead?.(filesRead);
  };

  const listed: { id: number; candidate: unknown; line: number }[] = [];
  if (isFile(path.join(root, CANDIDATES))) {
    const seen = new Set<number>();
    for await (const { line, value } of readLines(path.join(root, CANDIDATES), CANDIDATES)) {
      const id = isObject(value) ? index(value.candidate_id) : null;
      if (!isObject(value) || id === null) throw new ImportError('expected {"candidate_id": <n>, "candidate": ...}', CANDIDATES, line);
      if (seen.has(id)) throw new ImportError(`candidate_id ${id} appears twice`, CANDIDATES, line);
      seen.add(id);
      listed.push({ id, candidate: value.candidate, line });
    }
    counted();
  }
  const progress = new Map<number, { row: Json; position: number }>();
  const rows: Json[] = [];
  if (isFile(path.join(root, PROGRESS))) {
    for await (const { line, value } of readLines(path.join(root, PROGRESS), PROGRESS)) {
      if (!isObject(value)) throw new ImportError('expected an object per line', PROGRESS, line);
      rows.push(value);
      if (value.candidate_id === undefined || value.candidate_id === null) continue;
      const id = index(value.candidate_id);
      if (id === null || !listed.some((c) => c.id === id)) {
        throw new ImportError(`candidate_id ${JSON.stringify(value.candidate_id)} is not in ${CANDIDATES}`, PROGRESS, line);
      }
      progress.set(id, { row: value, position: progress.get(id)?.position ?? progress.size });
    }
    counted();
  }

  const groups = new Map<string, EvalGroup>();
  const evalDir = path.join(root, EVALS);
  const evalFiles = isDir(evalDir)
    ? listDir(evalDir)
        .filter((d) => d.isFile() && EVAL_FILE.test(d.name))
        .map((d) => Number(EVAL_FILE.exec(d.name)![1]))
        .sort((a, b) => a - b)
    : [];
  for (const n of evalFiles) {
    const rel = `${EVALS}/${n}.json`;
    const rec = await readJson(path.join(evalDir, `${n}.json`), rel);
    counted();
    if (!isObject(rec) || rec.candidate === undefined) throw new ImportError('expected an eval record with a candidate', rel);
    if (typeof rec.candidate !== 'string' && !isObject(rec.candidate)) throw new ImportError('candidate must be a text or an object of named texts', rel);
    const key = keyOf(rec.candidate);
    const g = groups.get(key) ?? { first: n, candidate: rec.candidate, calls: 0, scoreSum: 0, cost: 0, timestamp: null, info: null };
    g.calls++;
    g.scoreSum += finite(rec.score) ?? 0;
    g.cost += finite(rec.cost) ?? 0;
    const t = finite(rec.timestamp);
    if (t !== null && (g.timestamp === null || t < g.timestamp)) g.timestamp = t;
    g.info = rec.info ?? g.info;
    groups.set(key, g);
  }

  const firstCandidate = listed[0]?.candidate ?? [...groups.values()][0]?.candidate;
  const order = isObject(firstCandidate) ? Object.keys(firstCandidate) : undefined;
  const evalMetrics = (g: EvalGroup | undefined): Json =>
    g ? { eval_calls: g.calls, eval_mean_score: g.scoreSum / g.calls, ...(g.cost ? { eval_cost: g.cost } : {}) } : {};
  const programs: ProgramRecord[] = [];
  const validated = new Set<string>();
  for (const c of listed) {
    const { code, components } = candidateText(c.candidate, order, { file: CANDIDATES, entry: `line ${c.line}` });
    const key = keyOf(c.candidate);
    validated.add(key);
    const g = groups.get(key);
    const p = progress.get(c.id);
    const score = p ? finite(p.row.val_score) : null;
    const metrics: Json = { ...evalMetrics(g) };
    if (p) {
      if (score !== null) metrics.val_score = score;
      for (const [from, to] of [['best_val_score', 'best_val_score'], ['total_evals', 'total_evals_at_validation'], ['reflection_cost', 'reflection_cost_so_far']]) {
        if (finite(p.row[from]) !== null) metrics[to] = p.row[from];
      }
    }
    programs.push({
      externalId: String(c.id),
      code,
      components,
      iteration: p?.position ?? c.id,
      timestamp: g?.timestamp ?? null,
      valid: score !== null,
      invalidReason: score === null ? `no val_score in ${PROGRESS}` : null,
      score,
      metrics,
      evaluation: g?.info != null ? { status: 'ok', artifacts: g.info } : null,
    });
  }
  let rejected = 0;
  for (const [key, g] of groups) {
    if (validated.has(key)) continue;
    rejected++;
    const { code, components } = candidateText(g.candidate, order, { file: `${EVALS}/${g.first}.json`, entry: 'candidate' });
    programs.push({
      externalId: `eval-${g.first}`,
      code,
      components,
      timestamp: g.timestamp,
      valid: false,
      rejected: true,
      invalidReason: `evaluated on a minibatch but never validated (not in ${CANDIDATES})`,
      score: null,
      metrics: evalMetrics(g),
      evaluation: g.info != null ? { status: 'ok', artifacts: g.info } : null,
    });
  }
  // A rejected proposal takes the iteration of the latest candidate validated before its first call.
  if (rejected) {
    let last = 0;
    for (const p of [...programs].sort((a, b) => (a.timestamp ?? Infinity) - (b.timestamp ?? Infinity))) {
      if (p.rejected) p.iteration = last;
      else last = p.iteration ?? last;
    }
  }

  let summary: unknown = null;
  if (isFile(path.join(root, SUMMARY))) {
    summary = await readJson(path.join(root, SUMMARY), SUMMARY);
    counted();
  }
  if (!programs.length) throw new ImportError(`no candidates: neither ${CANDIDATES} nor ${EVALS}/ holds one`);
  warnings.push({ code: 'gepa-lineage-missing', message: `the optimize_anything folder records no parents and no operator: programs are imported without lineage`, count: programs.length });
  warnings.push({ code: 'gepa-origin-missing', message: `the LLM model, tokens and cost of each program are not recorded (${PROGRESS} keeps the run's reflection cost over time)` });
  warnings.push({ code: 'gepa-no-per-instance', message: `${PROGRESS} keeps each candidate's aggregate validation score only, not its per-instance scores` });
  if (rejected) warnings.push({ code: 'gepa-rejected-from-evals', message: `${rejected} candidates were evaluated but never validated: imported as rejected proposals`, file: EVALS, count: rejected });
  if (fs.existsSync(path.join(root, 'gepa_state'))) {
    warnings.push({ code: 'gepa-state-bin-ignored', message: 'gepa_state/ (the engine\'s pickled state) is never opened', file: 'gepa_state' });
  }
  return {
    run: gepaRunRecord(root, opts.name, 'val_score', { layout: 'optimize_anything', ...(isObject(summary) ? { summary } : {}), progress: rows }),
    programs,
    warnings,
    stats: { filesRead, programs: programs.length, validated: listed.length, rejectedProposals: rejected, evalCalls: evalFiles.length },
    searchState: { missing: { islands: 'optimize_anything keeps no population or Pareto front on disk', counters: `${PROGRESS} is kept in run metadata, not as counters` } },
  };
}

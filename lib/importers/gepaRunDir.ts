// A GEPA run_dir's JSON record: run_log.json + candidates.json -> one ImportedRun. Field names
// are GEPA's own: run_log.json is GEPAState.full_program_trace (one entry per iteration, written
// by the engine and its proposers), candidates.json is GEPAResult.to_dict() (core/result.py) or
// its bare `candidates` list.
//
//   candidates.json   candidates[k]          -> program k (externalId "k"): a dict of named texts
//                                               -> components, code = componentsText in the seed's
//                                               key order; a plain text -> code
//                     parents[k]             -> parents (null entries: a seed); wins over run_log
//                     val_aggregate_scores[k]-> score and metrics.val_aggregate_score (else the
//                                               mean of val_subscores[k])
//                     val_subscores[k]       -> metrics.per_instance (val id -> score; a v0 list is
//                                               keyed by position)
//                     val_aggregate_subscores[k] -> metrics.objective_scores
//                     discovery_eval_counts[k]   -> metrics.discovery_eval_count
//                     per_val_instance_best_candidates, per_objective_best_candidates,
//                     objective_pareto_front -> the final searchState snapshot's extra
//                     total_metric_calls, num_full_val_evals, seed, best_idx,
//                     total_reflection_cost, run_dir, validation_schema_version -> run.meta.gepa
//                     best_outputs_valset    -> not read (rollout outputs; warning when present)
//   run_log.json      entry {i, selected_program_candidate, subsample_ids, subsample_scores,
//                     new_subsample_scores, new_program_idx, evaluated_val_indices} (reflective
//                     mutation), or {i, invoked_merge, merged, merged_entities: [id1, id2, common
//                     ancestor], subsample_ids, id1_subsample_scores, id2_subsample_scores,
//                     new_program_subsample_scores, new_program_idx, ...} (merge)
//                     new_program_idx k      -> program k's iteration = i + 1 (GEPA's log counts
//                                               iterations from 1; seeds are iteration 0), its
//                                               parents when candidates.json has none
//                                               (selected_program_candidate, or id1 and id2 of a
//                                               merge), origin.operator 'reflective_mutation' or
//                                               'merge', the ancestor -> contextRefs
//                                               ('common ancestor'), metrics.subsample_ids,
//                                               subsample_scores_before (subsample_scores) /
//                                               _after (new_subsample_scores or
//                                               new_program_subsample_scores),
//                                               parent1/parent2_subsample_scores (a merge's
//                                               id1/id2_subsample_scores), evaluated_val_indices
//                     a proposal (a child's minibatch scores, or merged: true) without new_program_idx
//                                            -> a rejected program "rejected-<i>" (rejected: true,
//                                               valid: false), with the same parents, operator and
//                                               subsample scores; its text is not recorded: code ''
//                     an entry with neither (the parent already perfect on the minibatch) -> no
//                                               program; counted in stats.iterationsWithoutProposal
// Not in these files, so never invented (each is a warning): the LLM model, tokens and cost per
// program, timestamps, a rejected proposal's text. An index out of range or a cycle of parents
// fails the import naming the file and entry. gepa_state.bin beside them is never opened.
import path from 'node:path';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import type { SearchStateInput } from '../trace/searchState';
import { iterationFromPositionWarning } from '../trace/warnings';
import { isFile, isObject, readJson, type Json } from './inputFiles';
import { candidateText, checkLineage, finite, gepaRunRecord, index, mean, numbers, type LinkSource } from './gepaShared';
import { checkedSearchState } from './searchStateCheck';

export const RUN_LOG = 'run_log.json';
export const CANDIDATES = 'candidates.json';
export const isGepaRunDir = (p: string) => isFile(path.join(p, RUN_LOG)) && isFile(path.join(p, CANDIDATES));

const at = <T>(list: unknown, k: number): T | undefined => (Array.isArray(list) ? (list[k] as T) : undefined);

/** A per-instance map from GEPA's dict (v2) or list (v0) form. */
function perInstance(v: unknown): Record<string, unknown> | null {
  if (isObject(v)) return v;
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i), x]));
  return null;
}

/** Candidate index lists keyed by val id / objective, checked against the number of candidates. */
function fronts(v: unknown, n: number, field: string): Record<string, number[]> | null {
  const m = perInstance(v);
  if (!m) return null;
  const out: Record<string, number[]> = {};
  for (const [key, members] of Object.entries(m)) {
    const list = Array.isArray(members) ? members : [];
    for (const k of list) {
      if (index(k) === null || (k as number) >= n) {
        throw new ImportError(`${field}[${JSON.stringify(key)}]: candidate index ${JSON.stringify(k)} is out of range (${n} candidates)`, CANDIDATES);
      }
    }
    out[key] = list as number[];
  }
  return out;
}

interface Proposal {
  i: number;
  entry: string;
  operator: 'reflective_mutation' | 'merge';
  parents: number[];
  ancestor: number | null;
  metrics: Json;
  accepted: number | null;
}

/** The proposals of run_log.json, every index checked against `n` candidates. */
function proposalsOf(log: unknown, n: number): { proposals: Proposal[]; idle: number } {
  if (!Array.isArray(log)) throw new ImportError('expected a list of iteration entries (GEPAState.full_program_trace)', RUN_LOG);
  const proposals: Proposal[] = [];
  let idle = 0;
  log.forEach((e, pos) => {
    if (!isObject(e)) throw new ImportError(`entry ${pos}: expected an object`, RUN_LOG);
    const i = index(e.i) ?? pos;
    const entry = `entry ${pos} (i=${i})`;
    const checked = (v: unknown, field: string): number | null => {
      if (v === undefined || v === null) return null;
      const k = index(v);
      if (k === null || k >= n) throw new ImportError(`${entry}: ${field} ${JSON.stringify(v)} is out of range (${n} candidates in ${CANDIDATES})`, RUN_LOG);
      return k;
    };
    const selected = checked(e.selected_program_candidate, 'selected_program_candidate');
    const accepted = checked(e.new_program_idx, 'new_program_idx');
    const merge = e.merged === true || Array.isArray(e.merged_entities);
    const entities = Array.isArray(e.merged_entities) ? e.merged_entities.map((x, j) => checked(x, `merged_entities[${j}]`)) : [];
    // A merge (proposer/merge.py) records each parent's minibatch scores and the child's under
    // its own keys; a reflective mutation the parent's and the child's.
    const before = numbers(e.subsample_scores);
    const after = numbers(e.new_subsample_scores) ?? numbers(e.new_program_subsample_scores);
    if (accepted === null && after === null && !(merge && e.merged === true)) {
      idle++;
      return;
    }
    const parents = merge ? entities.slice(0, 2).filter((x): x is number => x !== null) : selected !== null ? [selected] : [];
    const metrics: Json = {};
    if (Array.isArray(e.subsample_ids)) metrics.subsample_ids = e.subsample_ids;
    if (before) metrics.subsample_scores_before = before;
    if (numbers(e.id1_subsample_scores)) metrics.parent1_subsample_scores = e.id1_subsample_scores;
    if (numbers(e.id2_subsample_scores)) metrics.parent2_subsample_scores = e.id2_subsample_scores;
    if (after) metrics.subsample_scores_after = after;
    if (Array.isArray(e.evaluated_val_indices)) metrics.evaluated_val_indices = e.evaluated_val_indices;
    proposals.push({ i, entry, operator: merge ? 'merge' : 'reflective_mutation', parents, ancestor: merge ? (entities[2] ?? null) : null, metrics, accepted });
  });
  return { proposals, idle };
}

export async function readGepaRunDir(root: string, opts: { name?: string; onFileRead?: (n: number) => void }): Promise<ImportedRun> {
  const warnings: ImportWarning[] = [];
  const raw = await readJson(path.join(root, CANDIDATES), CANDIDATES);
  opts.onFileRead?.(1);
  const result: Json = Array.isArray(raw) ? { candidates: raw } : isObject(raw) ? raw : {};
  if (!Array.isArray(result.candidates)) throw new ImportError('expected GEPAResult.to_dict() (with a candidates list) or a list of candidates', CANDIDATES);
  const candidates = result.candidates as unknown[];
  const n = candidates.length;
  const log = await readJson(path.join(root, RUN_LOG), RUN_LOG);
  opts.onFileRead?.(2);
  const { proposals, idle } = proposalsOf(log, n);
  const madeBy = new Map<number, Proposal>();
  for (const pr of proposals) if (pr.accepted !== null) madeBy.set(pr.accepted, pr);

  const order = isObject(candidates[0]) ? Object.keys(candidates[0]) : undefined;
  const links = new Map<string, LinkSource>();
  const programs: ProgramRecord[] = [];
  let noIteration = 0;
  let noLineage = 0;
  candidates.forEach((c, k) => {
    const where = { file: CANDIDATES, entry: `candidates[${k}]` };
    const { code, components } = candidateText(c, order, where);
    const by = madeBy.get(k);
    const listed = at<unknown[]>(result.parents, k);
    let parents: number[];
    if (Array.isArray(listed)) {
      parents = listed.flatMap((p, j) => {
        if (p === null) return [];
        const q = index(p);
        if (q === null || q >= n) throw new ImportError(`parents[${k}][${j}]: candidate index ${JSON.stringify(p)} is out of range (${n} candidates)`, CANDIDATES);
        links.set(`${k}<${q}`, { file: CANDIDATES, entry: `parents[${k}]` });
        return [q];
      });
    } else {
      parents = by?.parents ?? [];
      for (const q of parents) links.set(`${k}<${q}`, { file: RUN_LOG, entry: by!.entry });
    }
    const isSeed = Array.isArray(listed) ? parents.length === 0 : k === 0;
    if (!isSeed && !parents.length) noLineage++;
    const subscores = perInstance(at(result.val_subscores, k));
    const aggregate = finite(at(result.val_aggregate_scores, k)) ?? mean(subscores);
    const metrics: Json = { ...(by?.metrics ?? {}) };
    if (aggregate !== null) metrics.val_aggregate_score = aggregate;
    if (subscores) metrics.per_instance = subscores;
    const objectives = at(result.val_aggregate_subscores, k);
    if (isObject(objectives)) metrics.objective_scores = objectives;
    const discovery = finite(at(result.discovery_eval_counts, k));
    if (discovery !== null) metrics.discovery_eval_count = discovery;
    const iteration = by ? by.i + 1 : isSeed ? 0 : null;
    if (iteration === null) noIteration++;
    programs.push({
      externalId: String(k),
      code,
      components,
      iteration: iteration ?? k,
      valid: aggregate !== null,
      invalidReason: aggregate === null ? 'no validation score recorded' : null,
      score: aggregate,
      metrics,
      parents: parents.map((q) => ({ externalId: String(q), operator: by?.operator ?? null })),
      contextRefs: by?.ancestor != null ? [{ externalId: String(by.ancestor), label: 'common ancestor' }] : [],
      origin: { operator: by?.operator ?? null, model: null, promptTokens: null, completionTokens: null, cost: null },
    });
  });

  let rejected = 0;
  const used = new Set<string>();
  for (const pr of proposals) {
    if (pr.accepted !== null) continue;
    rejected++;
    // GEPA writes one entry per iteration; a log with a repeated i still gets distinct ids.
    const id = used.has(`rejected-${pr.i}`) ? `rejected-${pr.i}-${rejected}` : `rejected-${pr.i}`;
    used.add(id);
    for (const q of pr.parents) links.set(`${id}<${q}`, { file: RUN_LOG, entry: pr.entry });
    programs.push({
      externalId: id,
      code: '',
      iteration: pr.i + 1,
      valid: false,
      rejected: true,
      invalidReason: 'rejected: not better on the minibatch, never evaluated on the validation set',
      score: null,
      metrics: pr.metrics,
      parents: pr.parents.map((q) => ({ externalId: String(q), operator: pr.operator })),
      contextRefs: pr.ancestor != null ? [{ externalId: String(pr.ancestor), label: 'common ancestor' }] : [],
      origin: { operator: pr.operator, model: null, promptTokens: null, completionTokens: null, cost: null },
    });
  }
  checkLineage(programs, (child, parent) => links.get(`${child}<${parent}`) ?? { file: CANDIDATES, entry: `candidates[${child}]` });

  if (noIteration) warnings.push(iterationFromPositionWarning(noIteration, RUN_LOG));
  if (noLineage) warnings.push({ code: 'gepa-lineage-missing', message: `${noLineage} candidates have no parents in ${CANDIDATES} nor in ${RUN_LOG}`, count: noLineage });
  if (rejected) warnings.push({ code: 'gepa-rejected-text-missing', message: `${rejected} rejected proposals are imported without their text: ${RUN_LOG} records their parents and minibatch scores, not the proposed components`, file: RUN_LOG, count: rejected });
  warnings.push({ code: 'gepa-origin-missing', message: `${RUN_LOG} and ${CANDIDATES} record the operator (reflective mutation or merge) but not the LLM model, tokens or cost of each program; the run's total reflection cost, when recorded, is in its metadata` });
  warnings.push({ code: 'gepa-no-timestamps', message: `${RUN_LOG} records no times: programs are ordered by iteration` });
  if (result.best_outputs_valset != null) warnings.push({ code: 'gepa-outputs-skipped', message: 'best_outputs_valset (rollout outputs) is not imported', file: CANDIDATES });

  const extra: Json = {};
  const instanceFront = fronts(result.per_val_instance_best_candidates, n, 'per_val_instance_best_candidates');
  if (instanceFront) extra.pareto_front_instance = instanceFront;
  const objectiveFront = fronts(result.per_objective_best_candidates, n, 'per_objective_best_candidates');
  if (objectiveFront) extra.pareto_front_objective = objectiveFront;
  if (isObject(result.objective_pareto_front)) extra.objective_pareto_front = result.objective_pareto_front;
  const last = Math.max(0, ...programs.map((p) => p.iteration ?? 0));
  const searchState: SearchStateInput = {
    snapshots: Object.keys(extra).length ? [{ at: { iteration: last }, kind: 'final', islands: [], extra }] : [],
    missing: {
      islands: 'GEPA keeps one candidate pool and a Pareto front per validation instance (in the final snapshot)',
      counters: `${RUN_LOG} keeps no counters over time; the run totals are in its metadata`,
    },
  };
  const meta: Json = { layout: 'run_dir' };
  for (const key of ['total_metric_calls', 'num_full_val_evals', 'seed', 'best_idx', 'total_reflection_cost', 'run_dir', 'validation_schema_version']) {
    if (result[key] !== undefined && result[key] !== null) meta[key] = result[key];
  }
  return {
    run: gepaRunRecord(root, opts.name, 'val_aggregate_score', meta),
    programs,
    warnings,
    stats: { filesRead: 2, programs: programs.length, candidates: n, rejectedProposals: rejected, iterationsWithoutProposal: idle },
    searchState: checkedSearchState(searchState, warnings, CANDIDATES),
  };
}

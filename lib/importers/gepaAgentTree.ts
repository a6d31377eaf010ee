// A GEPA agent-state tree -> one ImportedRun: one folder per proposal, each holding its
// components as text files. The writer of this tree was not among the gepa sources Evoscope
// could read (core/, proposer/, optimize_anything, oa/); the folder names are the and
// the field names GEPA's own (CandidateProposal: parent_program_ids, subsample_scores_before /
// _after, tag; GEPAState: candidate index, val subscores), so a real tree may name a field
// differently: an unknown key is kept in metadata, never guessed at.
//
//   iterations/<id>/meta.json        {candidate_idx, parents | parent_program_ids, iteration,
//                                    accepted, tag | operator, model, prompt_tokens,
//                                    completion_tokens, cost, subsample_scores_before,
//                                    subsample_scores_after, timestamp, ...}
//       candidate_idx k            -> externalId "k" (the index parents name); none -> "iter-<id>"
//       parents / parent_program_ids -> parents (candidate indices; null entries: a seed)
//       iteration                  -> iteration (else <id> when it is a number)
//       accepted: false            -> rejected: true, valid: false
//       tag | operator             -> origin.operator and each parent link's operator
//       model, prompt_tokens, completion_tokens, cost -> origin
//       subsample_scores_before / _after -> metrics
//       timestamp (seconds)        -> timestamp; every other key -> metadata
//   iterations/<id>/components/*.txt -> components (file name without .txt -> text), code =
//                                    componentsText in the first iteration's file order
//   iterations/<id>/val_scores.json  {val id: score} -> metrics.per_instance; score = their mean
//   pareto/<kind>_front.json         {key: [candidate_idx, ...]} -> the final searchState
//                                    snapshot's extra.pareto_front_<kind>
// A parent that is no candidate_idx of the tree, or a cycle of parents, fails the import with the
// meta.json named. What meta.json lacks (model, tokens, cost, timestamps) is a warning.
import fs from 'node:fs';
import path from 'node:path';
import { decodeUtf8Strict } from '../files/utf8';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { componentsText } from '../trace/components';
import { asImportError, isDir, isFile, isObject, listDir, readJson, str, type Json } from './inputFiles';
import { checkComponentNames, checkLineage, finite, gepaRunRecord, index, mean, numbers, type LinkSource } from './gepaShared';
import { checkedSearchState } from './searchStateCheck';

const ITERATIONS = 'iterations';
const PARETO = 'pareto';
const FRONT_FILE = /^(.+)_front\.json$/;
/** meta.json keys with a place in ProgramRecord; the rest go to metadata. */
const MAPPED = new Set([
  'candidate_idx', 'parents', 'parent_program_ids', 'iteration', 'accepted', 'tag', 'operator', 'model', 'prompt_tokens',
  'completion_tokens', 'cost', 'subsample_scores_before', 'subsample_scores_after', 'timestamp',
]);

const iterationDirs = (root: string) =>
  isDir(path.join(root, ITERATIONS)) ? listDir(path.join(root, ITERATIONS)).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/** iterations/ with at least one <id>/meta.json beside a components/ folder (a few stat calls). */
export function isGepaAgentTree(root: string): boolean {
  const first = iterationDirs(root)[0];
  if (first === undefined) return false;
  const dir = path.join(root, ITERATIONS, first);
  return isFile(path.join(dir, 'meta.json')) && isDir(path.join(dir, 'components'));
}

/** Numeric folder names in numeric order, the rest after them by name. */
const byId = (a: string, b: string) => {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isInteger(x) && Number.isInteger(y)) return x - y;
  if (Number.isInteger(x) !== Number.isInteger(y)) return Number.isInteger(x) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

async function readComponents(dir: string, rel: string): Promise<{ names: string[]; texts: Record<string, string> }> {
  const names: string[] = [];
  const texts: Record<string, string> = {};
  for (const d of listDir(dir)) {
    if (!d.isFile() || !d.name.endsWith('.txt')) continue;
    const name = d.name.slice(0, -4);
    try {
      texts[name] = decodeUtf8Strict(await fs.promises.readFile(path.join(dir, d.name)), `${rel}/${d.name}`);
    } catch (e) {
      throw asImportError(e);
    }
    names.push(name);
  }
  return { names, texts };
}

export async function readGepaAgentTree(root: string, opts: { name?: string; onFileRead?: (n: number) => void }): Promise<ImportedRun> {
  const warnings: ImportWarning[] = [];
  let filesRead = 0;
  const counted = () => {
    filesRead++;
    opts.onFileRead?.(filesRead);
  };
  const ids = iterationDirs(root).sort(byId);
  const programs: ProgramRecord[] = [];
  const links = new Map<string, LinkSource>();
  const metaFileOf = new Map<string, string>();
  const byIndex = new Map<number, string>();
  let order: string[] | undefined;
  const lacks = { model: 0, tokens: 0, cost: 0, timestamp: 0 };
  for (const id of ids) {
    const rel = `${ITERATIONS}/${id}`;
    const dir = path.join(root, ITERATIONS, id);
    if (!isFile(path.join(dir, 'meta.json'))) {
      warnings.push({ code: 'gepa-iteration-skipped', message: `${rel} has no meta.json`, file: rel });
      continue;
    }
    const meta = await readJson(path.join(dir, 'meta.json'), `${rel}/meta.json`);
    counted();
    if (!isObject(meta)) throw new ImportError('expected an object', `${rel}/meta.json`);
    const k = meta.candidate_idx === undefined || meta.candidate_idx === null ? null : index(meta.candidate_idx);
    if (k === null && meta.candidate_idx != null) throw new ImportError(`candidate_idx ${JSON.stringify(meta.candidate_idx)} is not a candidate index`, `${rel}/meta.json`);
    const externalId = k !== null ? String(k) : `iter-${id}`;
    if (k !== null && byIndex.has(k)) throw new ImportError(`candidate_idx ${k} is also ${byIndex.get(k)}/meta.json's`, `${rel}/meta.json`);
    if (k !== null) byIndex.set(k, rel);
    metaFileOf.set(externalId, `${rel}/meta.json`);

    const { names, texts } = isDir(path.join(dir, 'components')) ? await readComponents(path.join(dir, 'components'), `${rel}/components`) : { names: [], texts: {} };
    checkComponentNames(names, { file: `${rel}/components`, entry: 'file name' });
    order ??= names.length ? names : undefined;
    const valScores = isFile(path.join(dir, 'val_scores.json')) ? await readJson(path.join(dir, 'val_scores.json'), `${rel}/val_scores.json`) : null;
    if (valScores !== null) counted();
    const perInstance = isObject(valScores) ? valScores : null;
    const score = mean(perInstance);
    const rejected = meta.accepted === false;
    const operator = str(meta.tag) ?? str(meta.operator);
    const rawParents = Array.isArray(meta.parents) ? meta.parents : Array.isArray(meta.parent_program_ids) ? meta.parent_program_ids : [];
    const parents = rawParents.flatMap((p, j) => {
      if (p === null) return [];
      const q = index(p);
      if (q === null) throw new ImportError(`parents[${j}]: ${JSON.stringify(p)} is not a candidate index`, `${rel}/meta.json`);
      links.set(`${externalId}<${q}`, { file: `${rel}/meta.json`, entry: `parents[${j}]` });
      return [String(q)];
    });
    const metrics: Json = {};
    if (score !== null) metrics.val_aggregate_score = score;
    if (perInstance) metrics.per_instance = perInstance;
    for (const key of ['subsample_scores_before', 'subsample_scores_after']) if (numbers(meta[key])) metrics[key] = meta[key];
    const origin = {
      model: str(meta.model),
      operator,
      promptTokens: finite(meta.prompt_tokens),
      completionTokens: finite(meta.completion_tokens),
      cost: finite(meta.cost),
    };
    if (!origin.model) lacks.model++;
    if (origin.promptTokens === null && origin.completionTokens === null) lacks.tokens++;
    if (origin.cost === null) lacks.cost++;
    const timestamp = finite(meta.timestamp);
    if (timestamp === null) lacks.timestamp++;
    const extras = Object.fromEntries(Object.entries(meta).filter(([key, v]) => !MAPPED.has(key) && v != null));
    programs.push({
      externalId,
      code: componentsText(texts, order),
      components: names.length ? texts : null,
      iteration: index(meta.iteration) ?? index(Number(id)) ?? null,
      timestamp,
      valid: !rejected && score !== null,
      rejected,
      invalidReason: rejected ? 'rejected by the search (accepted: false)' : score === null ? 'no val_scores.json' : null,
      score: rejected ? null : score,
      metrics,
      metadata: Object.keys(extras).length ? { gepa: extras } : undefined,
      parents: parents.map((q) => ({ externalId: q, operator })),
      origin,
    });
  }
  if (!programs.length) throw new ImportError(`no iteration folder under ${ITERATIONS}/ holds a meta.json`);
  checkLineage(programs, (child, parent) => links.get(`${child}<${parent}`) ?? { file: metaFileOf.get(child) ?? ITERATIONS, entry: 'parents' });

  const extra: Json = {};
  const paretoDir = path.join(root, PARETO);
  for (const d of isDir(paretoDir) ? listDir(paretoDir) : []) {
    const m = d.isFile() ? FRONT_FILE.exec(d.name) : null;
    if (!m) continue;
    const rel = `${PARETO}/${d.name}`;
    const front = await readJson(path.join(paretoDir, d.name), rel);
    counted();
    if (!isObject(front)) throw new ImportError('expected {key: [candidate index, ...]}', rel);
    for (const [key, members] of Object.entries(front)) {
      for (const q of Array.isArray(members) ? members : [members]) {
        if (index(q) === null || !byIndex.has(q as number)) {
          throw new ImportError(`${JSON.stringify(key)}: candidate index ${JSON.stringify(q)} is no candidate_idx under ${ITERATIONS}/`, rel);
        }
      }
    }
    extra[`pareto_front_${m[1]}`] = front;
  }
  const n = programs.length;
  if (lacks.model) warnings.push({ code: 'gepa-no-model', message: `${lacks.model} of ${n} meta.json files do not name the LLM model`, count: lacks.model });
  if (lacks.tokens) warnings.push({ code: 'gepa-no-tokens', message: `${lacks.tokens} of ${n} meta.json files record no tokens`, count: lacks.tokens });
  if (lacks.cost) warnings.push({ code: 'gepa-no-cost', message: `${lacks.cost} of ${n} meta.json files record no cost`, count: lacks.cost });
  if (lacks.timestamp) warnings.push({ code: 'gepa-no-timestamps', message: `${lacks.timestamp} of ${n} meta.json files record no timestamp`, count: lacks.timestamp });
  const last = Math.max(0, ...programs.map((p) => p.iteration ?? 0));
  const searchState = checkedSearchState(
    {
      snapshots: Object.keys(extra).length ? [{ at: { iteration: last }, kind: 'final', islands: [], extra }] : [],
      missing: { islands: 'GEPA keeps one candidate pool and Pareto fronts (in the final snapshot)', counters: 'the agent-state tree keeps no counters' },
    },
    warnings,
    PARETO,
  );
  return {
    run: gepaRunRecord(root, opts.name, 'val_aggregate_score', { layout: 'agent_state_tree' }),
    programs,
    warnings,
    stats: { filesRead, programs: n, rejectedProposals: programs.filter((p) => p.rejected).length },
    searchState,
  };
}

// One merged SkyDiscover Program (search/base_database.py, json.dump of Program.to_dict() plus
// `prompts`) -> a ProgramRecord. Pure: no file system. Field by field:
//
//   id                  -> externalId
//   solution            -> code (the source; SkyDiscover has no `code` field. A `code` string is
//                          accepted only when `solution` is absent: an EvoTrace-style copy)
//   language, generation, timestamp, iteration_found -> the same-named fields
//   metrics             -> metrics; score and validity by lib/trace/validity.ts (combined_score)
//   parent_id           -> the one parent; operator = the mutation label (below), 'migration'
//                          for island-migrant copies
//   parent_info         -> [label, parent id]: the label the search's sample() keyed its parent by.
//                          It is free text (AdaEvolve's EXPLORE/EXPLOIT guidance, EvoX's generated
//                          diverge/refine operators), so operatorName() names it: a known text ->
//                          its name ('explore', 'exploit', 'diverge', 'refine' from labels.yaml,
//                          'merge'); a short one-line label as written; other text -> its first
//                          non-heading line (<= 120 chars). '' -> no operator. The label verbatim
//                          -> metadata.parent_label when it differs from the name.
//   other_context_ids,  -> contextRefs (programs shown as context, never lineage), each labelled
//   context_info           by its context_info label ('' -> null). GEPA's merge writes its second
//                          parent as context ('Merge Parent B'): that one is a second parent
//                          (operator 'merge'), not a context ref.
//   prompts             -> contexts, one per template key {system, user, responses[0]}
//                          (openevolveProgram.ts contextsFrom: further responses kept in extra)
//   artifacts           -> evaluation.artifacts (stdout/stderr-like keys also fill output/errors)
//   metadata            -> metadata verbatim: changes, parent_metrics, failed_attempts (the retries
//                          of this iteration: solution, metrics, error), island, migrated_from /
//                          migrated_to / migrant (island migrant copy -> isMigrant), merge scores...
//   metadata.island | migrated_to -> island
//   origin              -> { operator, model, promptTokens, completionTokens, cost }: SkyDiscover's
//                          Program has no model, token or cost field; they are taken from metadata
//                          (model | llm_model | model_name, prompt_tokens | input_tokens,
//                          completion_tokens | output_tokens, cost | llm_cost) when a fork writes
//                          them, else from iterations.jsonl (skydiscoverUsage.ts), else null
//                          (the importer warns: origin-partial).
//   rejected (GEPA rejection_history) -> rejected = true, valid = false (out of valid-only measures)
import { ImportError, type ContextRef, type ParentRef, type ProgramOrigin, type ProgramRecord } from '../trace/schema';
import { assessValidity } from '../trace/validity';
import { contextsFrom, evaluationFrom, isObject, type Json } from './openevolveProgram';

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const firstOf = (m: Json, keys: string[], f: (v: unknown) => unknown) => keys.map((k) => f(m[k])).find((v) => v != null) ?? null;

/** Fields with their own place in ProgramRecord; every other non-null field goes to metadata. */
const MAPPED = new Set([
  'id', 'solution', 'code', 'language', 'parent_id', 'generation', 'timestamp', 'iteration_found', 'metrics',
  'metadata', 'prompts', 'artifacts', 'other_context_ids', 'parent_info', 'context_info', 'embedding',
]);

/** GEPA-native's merge (gepa_native/controller.py _attempt_merge): parent A / B labels. */
const MERGE_A = 'Merge Parent A';
const MERGE_B = 'Merge Parent B';
/** AdaEvolve's parent labels (adaevolve/database.py EXPLORE_LABEL / EXPLOIT_LABEL), by their telling sentence. */
const ADAEVOLVE_LABELS: [RegExp, string][] = [
  [/^## PARENT SELECTION CONTEXT\s+This parent was selected through diversity-driven sampling/, 'explore'],
  [/^## PARENT SELECTION CONTEXT\s+This parent was selected from the archive of top-performing programs/, 'exploit'],
];

/** Text label -> operator name, for labels a run defines itself (EvoX's labels.yaml). */
export type LabelNames = ReadonlyMap<string, string>;

/** The operator a parent label stands for (see the header); null for no label. */
export function operatorName(label: string | null, known: LabelNames = new Map()): string | null {
  const text = label?.trim();
  if (!text) return null;
  const named = known.get(text);
  if (named) return named;
  if (text === MERGE_A || text === MERGE_B) return 'merge';
  for (const [re, name] of ADAEVOLVE_LABELS) if (re.test(text)) return name;
  if (!text.includes('\n') && text.length <= 80) return text;
  const line = text.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('#')) ?? text.split('\n')[0];
  return line.slice(0, 120);
}

/** [label, id] pairs (Python tuples are written as lists). */
function pairs(v: unknown): [string, string][] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((p) => (Array.isArray(p) && typeof p[1] === 'string' && p[1] ? [[typeof p[0] === 'string' ? p[0] : '', p[1]] as [string, string]] : []));
}

export interface SkyProgramContext {
  scoreMetric: string;
  /** File the program was first seen in, for error messages. */
  file: string;
  labelNames?: LabelNames;
  /** Island of each program in the newest sidecar that lists it (AdaEvolve, GEPA have no metadata.island). */
  islandOf?: ReadonlyMap<string, number>;
  /** Proposed and rejected by the search (GEPA rejection_history). */
  rejected?: boolean;
  /** A light record of a streamed import: the source and heavy metadata are read again later. */
  light?: boolean;
  /** The LLM usage of the iteration that made it (iterations.jsonl, skydiscoverUsage.ts). */
  usage?: Omit<ProgramOrigin, 'operator'>;
}

/** An origin with the usage file's values where metadata gave none. */
export function withUsage(origin: ProgramOrigin | null | undefined, usage: Omit<ProgramOrigin, 'operator'> | undefined): ProgramOrigin | null {
  const o: ProgramOrigin = { operator: null, model: null, promptTokens: null, completionTokens: null, cost: null, ...(origin ?? {}) };
  if (usage) {
    o.model ??= usage.model ?? null;
    o.promptTokens ??= usage.promptTokens ?? null;
    o.completionTokens ??= usage.completionTokens ?? null;
    o.cost ??= usage.cost ?? null;
  }
  return Object.values(o).some((v) => v != null) ? o : null;
}

export function toSkyProgramRecord(raw: Json, ctx: SkyProgramContext): ProgramRecord {
  const externalId = raw.id as string;
  const source = typeof raw.solution === 'string' ? raw.solution : typeof raw.code === 'string' ? raw.code : null;
  if (source == null && !ctx.light) throw new ImportError(`program ${externalId} has no source (no copy holds a string "solution")`, ctx.file);
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const metrics = isObject(raw.metrics) ? raw.metrics : {};
  const assessed = assessValidity(metrics, ctx.scoreMetric);
  const isMigrant = meta.migrant === true || int(meta.migrated_from) != null || int(meta.migrated_to) != null;

  const parentPair = pairs([raw.parent_info])[0] ?? (Array.isArray(raw.parent_info) && typeof raw.parent_info[0] === 'string' ? [raw.parent_info[0], ''] : null);
  const label = parentPair?.[0] ?? null;
  const operator = isMigrant ? 'migration' : operatorName(label, ctx.labelNames);
  const parentId = str(raw.parent_id) || null;
  const parents: ParentRef[] = parentId ? [{ externalId: parentId, operator: operator ?? 'mutation' }] : [];

  const contextLabel = new Map(pairs(raw.context_info).map(([l, id]) => [id, l]));
  const contextIds = [...(Array.isArray(raw.other_context_ids) ? raw.other_context_ids : []), ...contextLabel.keys()];
  const contextRefs: ContextRef[] = [];
  const seen = new Set(parentId ? [parentId] : []);
  for (const id of contextIds) {
    if (typeof id !== 'string' || !id || seen.has(id)) continue;
    seen.add(id);
    const l = contextLabel.get(id)?.trim() || null;
    if (l === MERGE_B) parents.push({ externalId: id, operator: 'merge' });
    else contextRefs.push({ externalId: id, label: l ? operatorName(l, ctx.labelNames) : null });
  }

  const origin: ProgramOrigin = {
    operator,
    model: firstOf(meta, ['model', 'llm_model', 'model_name'], str) as string | null,
    promptTokens: firstOf(meta, ['prompt_tokens', 'input_tokens'], finite) as number | null,
    completionTokens: firstOf(meta, ['completion_tokens', 'output_tokens'], finite) as number | null,
    cost: firstOf(meta, ['cost', 'llm_cost'], finite) as number | null,
  };

  const extras = Object.fromEntries(Object.entries(raw).filter(([k, v]) => !MAPPED.has(k) && v != null));
  if (label && label.trim() !== operator) extras.parent_label = label;
  const metadata: Json = { ...extras, ...meta };
  if (ctx.light && Array.isArray(meta.failed_attempts)) {
    // Retries carry whole sources: read again with the full record.
    metadata.failed_attempts = `${meta.failed_attempts.length} failed attempts`;
  }
  const valid = assessed.valid && !ctx.rejected;
  return {
    externalId,
    code: source ?? '',
    language: str(raw.language),
    iteration: int(raw.iteration_found),
    generation: int(raw.generation),
    timestamp: finite(raw.timestamp),
    island: int(meta.island) ?? (isMigrant ? int(meta.migrated_to) : null) ?? ctx.islandOf?.get(externalId) ?? null,
    valid,
    invalidReason: ctx.rejected ? 'rejected by the search (not kept in its population)' : assessed.invalidReason,
    score: assessed.score,
    metrics,
    metadata,
    isMigrant,
    parents,
    contextRefs,
    origin: withUsage(origin, ctx.usage),
    rejected: !!ctx.rejected,
    evaluation: evaluationFrom({ artifacts_json: raw.artifacts }, assessed.valid, metrics),
    contexts: contextsFrom(raw.prompts),
  };
}

// One merged OpenEvolve program JSON -> a ProgramRecord. Pure: no file system, so the
// mapping rules can be read (and tested) apart from the directory walking in openevolve.ts.
//
// Mapping decisions, in one place:
//  - parent_id -> one parent. OpenEvolve has no crossover; every child comes from one LLM call
//    on one parent (a diff or a full rewrite, told apart only by the free text of
//    metadata.changes, so it is kept there, not turned into an operator). The operator is
//    'mutation', except for island-migrant copies (metadata.migrant), whose parent link is a
//    copy between islands, not an LLM edit: 'migration'.
//  - prompts {template: {system, user, responses[]}} -> one context per template key, kind =
//    the key. OpenEvolve stores the one response that produced the program, so `response` is
//    responses[0]; any further responses are kept in extra.moreResponses, never dropped.
//  - artifacts_json (a JSON string, or already an object) -> evaluation.artifacts; string
//    artifacts whose key looks like stdout / stderr also fill evaluation.output / errors.
//    artifact_dir (large artifacts written next to the original run, never in the archive)
//    is only recorded in metadata.
//  - embedding is dropped (large float vectors, no use in Evoscope); other top-level fields
//    that have no column (complexity, diversity, artifact_dir) go into metadata.
//  - the MAP-Elites cell a program holds in the newest feature map (metadata.json feature_map,
//    or island_feature_maps in late 2025) -> metadata.map_elites_key (the key as written) and
//    metadata.map_elites_cell (its coordinates, parsed by parseFeatureKey; null if unparseable).
import type { ContextRecord, EvaluationRecord, ProgramOrigin, ProgramRecord } from '../trace/schema';
import { ImportError } from '../trace/schema';
import { assessValidity } from '../trace/validity';
import { parsePythonJson } from './pythonJson';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields with their own place in ProgramRecord; everything else non-null goes to metadata. */
const MAPPED = new Set([
  'id', 'code', 'language', 'parent_id', 'generation', 'timestamp', 'iteration_found',
  'metrics', 'metadata', 'prompts', 'artifacts_json', 'embedding',
]);

const OUTPUT_KEYS = /^(stdout|output|program_output|run_log|log|logs)$/i;
const ERROR_KEYS = /^(stderr|errors?|error_message|traceback|exception|stderr_output|build_log|compile_errors?)$/i;

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function contextsFrom(prompts: unknown): ContextRecord[] {
  if (!isObject(prompts)) return [];
  const out: ContextRecord[] = [];
  for (const [kind, p] of Object.entries(prompts)) {
    if (!isObject(p)) continue;
    const responses = Array.isArray(p.responses) ? p.responses.filter((r): r is string => typeof r === 'string') : [];
    const known = new Set(['system', 'user', 'responses']);
    const rest = Object.fromEntries(Object.entries(p).filter(([k]) => !known.has(k)));
    const extra: Json = { ...rest, ...(responses.length > 1 ? { moreResponses: responses.slice(1) } : {}) };
    out.push({
      kind,
      system: str(p.system),
      user: str(p.user),
      response: responses[0] ?? (typeof p.responses === 'string' ? p.responses : null),
      ...(Object.keys(extra).length ? { extra } : {}),
    });
  }
  return out;
}

/** Joins the string artifacts whose keys match, labelled when there are several. */
function pick(artifacts: Json, re: RegExp): string | null {
  const hits = Object.entries(artifacts).filter(([k, v]) => re.test(k) && typeof v === 'string' && v !== '');
  if (!hits.length) return null;
  if (hits.length === 1) return hits[0][1] as string;
  return hits.map(([k, v]) => `--- ${k} ---\n${v}`).join('\n');
}

export function evaluationFrom(raw: Json, valid: boolean, metrics: Json): EvaluationRecord | null {
  let artifacts: unknown = raw.artifacts_json;
  if (typeof artifacts === 'string') {
    try {
      artifacts = parsePythonJson(artifacts);
    } catch {
      // not JSON after all: keep the text as the source wrote it
    }
  }
  const hasArtifacts = artifacts != null && artifacts !== '' && !(isObject(artifacts) && !Object.keys(artifacts).length);
  const status = valid ? 'ok' : 'failed';
  if (!hasArtifacts) {
    // A failed program gets an evaluation row even without artifacts, so "failed" is queryable.
    return valid ? null : { status, errors: typeof metrics.error === 'string' ? metrics.error : null };
  }
  const obj = isObject(artifacts) ? artifacts : {};
  return { status, artifacts, output: pick(obj, OUTPUT_KEYS), errors: pick(obj, ERROR_KEYS) };
}

/**
 * The coordinates of an OpenEvolve feature-map key. OpenEvolve writes "-".join(str(c)) and early
 * 2025 versions binned scores without clamping at 0, so coordinates can be negative: "-2382-9"
 * is [-2382, 9] and "3--1" is [3, -1]. Splitting on "-" or Number(key) would get these wrong.
 * Null when the key is not such a list of integers.
 */
export function parseFeatureKey(key: string): number[] | null {
  if (!/^-?\d+(?:--?\d+)*$/.test(key)) return null;
  // Each coordinate is an optional minus sign and digits, after the start or a "-" separator.
  return [...key.matchAll(/(?:^|-)(-?\d+)/g)].map((m) => Number(m[1]));
}

/**
 * Who made the program: OpenEvolve keys `prompts` by the template that made the child
 * (diff_user, full_rewrite_user, ...), which is the operator; upstream records no model, tokens
 * or cost (a fork's metadata.llm {model, prompt_tokens, completion_tokens, cost} is read when
 * present). A migrant copy was made by no LLM call: no origin.
 */
export function openevolveOrigin(raw: Json, meta: Json): ProgramOrigin | null {
  if (meta.migrant === true) return null;
  const llm = isObject(meta.llm) ? meta.llm : {};
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  const origin: ProgramOrigin = {
    model: str(llm.model) ?? str(llm.model_name),
    operator: isObject(raw.prompts) ? (Object.keys(raw.prompts)[0] ?? null) : null,
    promptTokens: count(llm.prompt_tokens) ?? count(llm.input_tokens),
    completionTokens: count(llm.completion_tokens) ?? count(llm.output_tokens),
    cost: finite(llm.cost),
  };
  return Object.values(origin).some((v) => v != null) ? origin : null;
}

export interface ProgramContext {
  scoreMetric: string;
  /** Island membership from metadata.json's `islands` lists (early-2025 schema). */
  islandOf: Map<string, number>;
  /** Feature-map key each program holds in the newest metadata.json that lists it. */
  featureKeyOf?: Map<string, string>;
  /** File the program was first seen in, for error messages. */
  file: string;
}

export function toProgramRecord(raw: Json, ctx: ProgramContext): ProgramRecord {
  const externalId = raw.id as string;
  if (typeof raw.code !== 'string') throw new ImportError(`program ${externalId} has no code (no copy holds a string "code")`, ctx.file);
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const metrics = isObject(raw.metrics) ? raw.metrics : {};
  const { valid, invalidReason, score } = assessValidity(metrics, ctx.scoreMetric);
  const isMigrant = meta.migrant === true;
  const parentId = str(raw.parent_id);
  const extras = Object.fromEntries(Object.entries(raw).filter(([k, v]) => !MAPPED.has(k) && v != null));
  const featureKey = ctx.featureKeyOf?.get(externalId);
  if (featureKey !== undefined) {
    extras.map_elites_key = featureKey;
    extras.map_elites_cell = parseFeatureKey(featureKey);
  }
  return {
    externalId,
    code: raw.code,
    language: str(raw.language),
    iteration: int(raw.iteration_found),
    generation: int(raw.generation),
    timestamp: finite(raw.timestamp),
    island: int(meta.island) ?? ctx.islandOf.get(externalId) ?? null,
    valid,
    invalidReason,
    score,
    metrics,
    metadata: { ...extras, ...meta },
    isMigrant,
    parents: parentId ? [{ externalId: parentId, operator: isMigrant ? 'migration' : 'mutation' }] : [],
    evaluation: evaluationFrom(raw, valid, metrics),
    contexts: contextsFrom(raw.prompts),
    origin: openevolveOrigin(raw, meta),
  };
}

// The EvoTrace refined layout, as EvoReplay writes it (scripts/refine_outputs.py) and reads it
// (src/evo_replay/core/checkpoints.py, load_programs). Shared by the importer
// (lib/importers/evotrace.ts) and the exporter (lib/importers/evotraceExport.ts) so the two can never
// disagree on a file name, a field name or how prompts become contexts.
//
//   <run>/meta.json            {backend, source, refined_at, counts, schema_version} (+ evoscope)
//   <run>/run_config.yaml      the run's configuration (EvoReplay reads its `language`)
//   <run>/programs.jsonl       one row per unique program (PROGRAM_FIELDS below)
//   <run>/iterations.jsonl     {iteration, role, island_idx, slot_key, program_id, value}
//   <run>/iter_scalars.jsonl   {iteration, key, value}
//   <run>/blobs/<sha[:2]>/<sha>.txt   program sources (and replay files), UTF-8
//   <run>/blobs/<sha[:2]>/<sha>.json  prompts payloads {template: {system, user, responses[]}}
//   <run>/replay_environment.json     Evoscope extra: evaluator command, files (name -> sha), ...
import type { ContextRecord } from '../trace/schema';

export const FILES = {
  meta: 'meta.json',
  config: 'run_config.yaml',
  programs: 'programs.jsonl',
  iterations: 'iterations.jsonl',
  scalars: 'iter_scalars.jsonl',
  blobs: 'blobs',
  replay: 'replay_environment.json',
  evaluator: 'evaluate.py',
} as const;

/** The value of meta.json's `evoscope.exporter` on layouts Evoscope wrote. */
export const EXPORTER = 'evoscope';

/** Fields refine_outputs.py copies into every programs.jsonl row (PROGRAM_FIELDS_PASSTHROUGH). */
export const PASSTHROUGH_FIELDS = [
  'id', 'language', 'metrics', 'iteration_found', 'parent_id', 'other_context_ids', 'parent_info',
  'context_info', 'timestamp', 'metadata', 'generation',
] as const;

/** iterations.jsonl role naming a program's island (refine_outputs.py, OpenEvolve backend). */
export const ISLAND_ROLE = 'island_member';

const SHA256 = /^[0-9a-f]{64}$/;
/** A sha256 hex digest; anything else must never become part of a path. */
export const isSha256 = (v: unknown): v is string => typeof v === 'string' && SHA256.test(v);

/** blobs/<sha[:2]>/<sha>.<ext>, '/'-separated, relative to the run directory. */
export const blobPath = (sha: string, ext: 'txt' | 'json') => `${FILES.blobs}/${sha.slice(0, 2)}/${sha}.${ext}`;

/** JSON value readers, shared with the importer (evotrace.ts, evotraceReader.ts, evotraceProgram.ts). */
export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown) => (typeof v === 'string' ? v : null);
export const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
export const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Keys of one prompts entry that have a ContextRecord field; the rest is kept in `extra`. */
const PROMPT_KEYS = new Set(['system', 'user', 'responses', 'model', 'prompt_tokens', 'completion_tokens', 'cost']);

/**
 * Contexts -> the prompts payload EvoReplay replays ({template: {system, user, responses[]}},
 * OpenEvolve's own shape). `responses` is [response, ...extra.moreResponses]; model and token
 * counts are kept under snake_case keys. Null when there are no contexts (refine writes null).
 */
export function contextsToPrompts(contexts: readonly ContextRecord[]): Json | null {
  if (!contexts.length) return null;
  const out: Json = {};
  for (const c of contexts) {
    const base = c.kind ?? 'prompt';
    let key = base;
    for (let i = 2; key in out; i++) key = `${base}#${i}`; // two contexts of one kind: keep both
    const extra = isObject(c.extra) ? { ...c.extra } : {};
    const more = Array.isArray(extra.moreResponses) ? extra.moreResponses : [];
    delete extra.moreResponses;
    const entry: Json = {
      ...extra,
      system: c.system ?? null,
      user: c.user ?? null,
      responses: [c.response, ...more].filter((r) => typeof r === 'string'),
    };
    if (c.model != null) entry.model = c.model;
    if (c.promptTokens != null) entry.prompt_tokens = c.promptTokens;
    if (c.completionTokens != null) entry.completion_tokens = c.completionTokens;
    if (c.cost != null) entry.cost = c.cost;
    out[key] = entry;
  }
  return out;
}

/** The inverse of contextsToPrompts; entries that are not objects are counted in `skipped`. */
export function promptsToContexts(prompts: unknown): { contexts: ContextRecord[]; skipped: number } {
  const contexts: ContextRecord[] = [];
  let skipped = 0;
  if (!isObject(prompts)) return { contexts, skipped };
  for (const [kind, p] of Object.entries(prompts)) {
    if (!isObject(p)) {
      skipped++;
      continue;
    }
    const responses = Array.isArray(p.responses) ? p.responses.filter((r): r is string => typeof r === 'string') : [];
    const rest = Object.fromEntries(Object.entries(p).filter(([k]) => !PROMPT_KEYS.has(k)));
    const extra: Json = { ...rest, ...(responses.length > 1 ? { moreResponses: responses.slice(1) } : {}) };
    contexts.push({
      kind,
      system: str(p.system),
      user: str(p.user),
      response: responses[0] ?? (typeof p.responses === 'string' ? p.responses : null),
      model: str(p.model),
      promptTokens: int(p.prompt_tokens),
      completionTokens: int(p.completion_tokens),
      cost: finite(p.cost),
      ...(Object.keys(extra).length ? { extra } : {}),
    });
  }
  return { contexts, skipped };
}

/**
 * JSON as Python's `json.dumps(v, ensure_ascii=False, sort_keys=True)` writes it (separators
 * ", " and ": "), which is how refine_outputs.py serialises a prompts blob before hashing it.
 * Strings, integers, booleans and null come out byte-identical, so the same prompts give the
 * same sha256 as EvoReplay's own refiner; floats use JavaScript's shortest form (Python would
 * write 1.0 where this writes 1). Non-finite numbers are written as Python does (NaN, Infinity).
 */
export function pythonJsonDumps(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(pythonJsonDumps).join(', ')}]`;
  if (typeof v === 'object') {
    const keys = Object.keys(v as Json)
      .filter((k) => (v as Json)[k] !== undefined)
      .sort(comparePythonStrings);
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${pythonJsonDumps((v as Json)[k])}`).join(', ')}}`;
  }
  return JSON.stringify(String(v));
}

/** Python sorts str by code point; JavaScript's default sort compares UTF-16 units. */
function comparePythonStrings(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

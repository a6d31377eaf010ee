// One ShinkaEvolve program (its gen_N/ folder, its database row, or both) -> a ProgramRecord.
// Pure: no file system, so the mapping rules can be read and tested apart from the walking in
// shinka.ts. When both sources exist the database row wins for what Shinka itself used
// (score, correctness, metrics, code); the folder adds what the database lacks (the error text
// of correct.json, build and run logs, the LLM's answer file, edit.diff).
import type { ContextRecord, EvaluationRecord, ParentRef, ProgramOrigin, ProgramRecord } from '../trace/schema';
import { assessValidity } from '../trace/validity';
import type { ShinkaDbProgram } from './shinkaDb';
import type { GenFolder } from './shinkaFolder';

type Json = Record<string, unknown>;

export const SCORE_METRIC = 'combined_score';

/** Logs whose text is diagnostics (evaluation.errors); all others are output. */
const ERROR_LOG = /(err|build|compile)[^/]*$/i;
/** Per-program copies of run-wide meta text: kept once in run.meta, not on every program. */
const RUN_WIDE_META = new Set(['meta_summary', 'meta_scratch_pad']);
/** Database metadata mapped elsewhere (contexts, evaluation) or too large to repeat. */
const MAPPED_META = new Set([
  'llm_result', 'stdout_log', 'stderr_log', 'compute_time', 'patch_type', 'patch_name', 'patch_description',
  'meta_recommendations', 'model_name', 'api_costs', 'embed_cost', 'novelty_cost', 'meta_cost',
  'novelty_explanation', 'max_similarity',
]);

export interface ShinkaSource {
  externalId: string;
  generation: number;
  folder: GenFolder | null;
  db: ShinkaDbProgram | null;
  language: string | null;
  parents: ParentRef[];
  /** Island the program was created on (before any migration). */
  island: number | null;
  isMigrant: boolean;
  /** How the parent was found: { source: 'database' | 'content' | 'seed', ... }. */
  lineage: Json;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const short = (s: string, max = 500) => (s.length > max ? `${s.slice(0, max)}...` : s);
const compact = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null && !(Array.isArray(v) && !v.length)));

/** <NAME>...</NAME> style tags that Shinka asks the LLM to put in its answer. */
function tag(text: string | null | undefined, name: string): string | null {
  if (!text) return null;
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text);
  return m ? m[1].trim() || null : null;
}

/** Non-empty texts joined, each under a `--- file ---` heading when there are several. */
function joinLabelled(parts: { label: string; text: string }[]): string | null {
  const real = parts.filter((p) => p.text.trim() !== '');
  if (!real.length) return null;
  if (real.length === 1) return real[0].text;
  return real.map((p) => `--- ${p.label} ---\n${p.text}`).join('\n');
}

function evaluationOf(src: ShinkaSource, noResults: boolean, valid: boolean, parts: { pub: Json | null; priv: Json | null; feedback: string | null; error: string | null }): EvaluationRecord {
  const logs = src.folder?.logs ?? [];
  const dbMeta = src.db?.metadata ?? {};
  const outLogs = logs.filter((l) => !ERROR_LOG.test(l.file)).map((l) => ({ label: l.file, text: l.text }));
  const errLogs = logs.filter((l) => ERROR_LOG.test(l.file)).map((l) => ({ label: l.file, text: l.text }));
  if (!logs.length) {
    if (str(dbMeta.stdout_log)) outLogs.push({ label: 'stdout_log', text: dbMeta.stdout_log as string });
    if (str(dbMeta.stderr_log)) errLogs.push({ label: 'stderr_log', text: dbMeta.stderr_log as string });
  }
  if (parts.error) errLogs.unshift({ label: 'correct.json error', text: parts.error });
  const seconds = finite(dbMeta.compute_time);
  const artifacts = compact({
    logs: logs.map((l) => ({ file: l.file, bytes: l.bytes, truncated: l.truncated })),
    correct: src.folder?.correct ?? null,
  });
  return {
    status: noResults ? 'missing' : valid ? 'ok' : 'failed',
    output: joinLabelled(outLogs),
    errors: joinLabelled(errLogs),
    timingMs: seconds == null ? null : seconds * 1000,
    publicMetrics: parts.pub ?? undefined,
    privateMetrics: parts.priv ?? undefined,
    feedback: parts.feedback,
    ...(Object.keys(artifacts).length ? { artifacts } : {}),
  };
}

function contextsOf(src: ShinkaSource): ContextRecord[] {
  const meta = src.db?.metadata ?? {};
  const llm = isObject(meta.llm_result) ? meta.llm_result : {};
  const patchType = str(meta.patch_type);
  const answers = src.folder?.answers ?? [];
  const editDiff = src.folder?.editDiff ?? null;
  const base: ContextRecord[] = answers.length
    ? answers.map((a) => ({ kind: a.kind, response: a.text, extra: { file: a.file } }))
    : editDiff != null
      ? [{ kind: 'diff', response: editDiff, extra: { file: `${src.folder!.rel}/edit.diff`, note: 'the applied change (no LLM answer file was kept)' } }]
      : patchType && patchType !== 'init' && (str(llm.content) || src.db?.codeDiff)
        ? [{ kind: patchType, response: str(llm.content) ?? src.db!.codeDiff }]
        : [];
  if (!base.length) return [];
  const first = base[0];
  const cost = finite(meta.api_costs) ?? finite(llm.cost);
  base[0] = {
    ...first,
    ...compact({
      system: str(llm.system_msg),
      user: str(llm.msg),
      model: str(llm.model_name) ?? str(meta.model_name),
      promptTokens: Number.isInteger(llm.input_tokens) ? llm.input_tokens : null,
      completionTokens: Number.isInteger(llm.output_tokens) ? llm.output_tokens : null,
      cost,
    }),
    extra: compact({
      ...(first.extra as Json),
      patchType,
      editDiff: answers.length ? editDiff : null,
      thought: str(llm.thought),
      messages: Array.isArray(llm.new_msg_history) && llm.new_msg_history.length ? llm.new_msg_history : null,
      thinkingTokens: finite(llm.thinking_tokens),
      metaRecommendations: str(meta.meta_recommendations),
    }),
  };
  return base;
}

/**
 * Who made the program, from the database row's metadata: patch_type (diff, full, cross, init,
 * fix, ...) as the operator; model_name, else llm_result.model_name; llm_result's input/output
 * tokens; api_costs (what Shinka charged the proposal to its budget), else llm_result.cost.
 * Null when the row says none of these (no database, or an older runner).
 */
export function shinkaOrigin(meta: Json): ProgramOrigin | null {
  const llm = isObject(meta.llm_result) ? meta.llm_result : {};
  const origin: ProgramOrigin = {
    model: str(meta.model_name) ?? str(llm.model_name),
    operator: str(meta.patch_type),
    promptTokens: count(llm.input_tokens),
    completionTokens: count(llm.output_tokens),
    cost: finite(meta.api_costs) ?? finite(llm.cost),
  };
  return Object.values(origin).some((v) => v != null) ? origin : null;
}

export function toShinkaProgram(src: ShinkaSource): ProgramRecord {
  const { folder, db } = src;
  const m = folder?.metrics ?? null;
  const c = folder?.correct ?? null;
  // A folder without metrics.json and correct.json was never (fully) evaluated; the database
  // then holds Shinka's defaults (score 0, incorrect), which are not results either.
  const noResults = folder ? !m && !c : !db;
  const pub = noResults ? null : (db?.publicMetrics ?? (isObject(m?.public) ? m.public : null));
  const priv = noResults ? null : (db?.privateMetrics ?? (isObject(m?.private) ? m.private : null));
  const fb = m?.text_feedback;
  const feedback = noResults ? null : (db?.textFeedback ?? (Array.isArray(fb) ? fb.join('\n') : str(fb)));
  const correct = noResults ? null : (db?.correct ?? (typeof c?.correct === 'boolean' ? c.correct : null));
  const error = str(c?.error);
  const combined = db ? db.combinedScore : m?.combined_score;

  const metrics: Json = noResults ? {} : { ...(pub ?? {}) };
  if (!noResults && combined !== undefined) metrics[SCORE_METRIC] = combined;
  if (correct != null) metrics.correct = correct;

  let { valid, invalidReason, score } = assessValidity(metrics, SCORE_METRIC);
  if (noResults) [valid, invalidReason, score] = [false, 'no evaluation results', null];
  else if (correct === false) [valid, invalidReason] = [false, error ? `correct is false: ${short(error)}` : 'correct is false'];

  const dbMeta = db?.metadata ?? {};
  const answerText = folder?.answers[0]?.text;
  const birthIsland = src.island;
  const rest = Object.fromEntries(Object.entries(dbMeta).filter(([k]) => !MAPPED_META.has(k) && !RUN_WIDE_META.has(k)));
  const metadata = compact({
    folder: folder?.rel ?? null,
    codeFile: folder?.codeFile ?? null,
    codeGuessed: folder?.codeGuessed || null,
    originalFile: folder?.originalFile ?? null,
    lineage: src.lineage,
    patchType: str(dbMeta.patch_type),
    patchName: str(dbMeta.patch_name) ?? tag(answerText, 'NAME'),
    patchDescription: str(dbMeta.patch_description) ?? tag(answerText, 'DESCRIPTION'),
    archiveInspirationIds: db?.archiveInspirationIds ?? null,
    topKInspirationIds: db?.topKInspirationIds ?? null,
    migrationHistory: db?.migrationHistory ?? null,
    finalIsland: db && db.islandIdx !== birthIsland ? db.islandIdx : null,
    inArchive: db?.inArchive || null,
    complexity: db?.complexity ?? null,
    childrenCount: db?.childrenCount ?? null,
    systemPromptId: db?.systemPromptId ?? null,
    codeDiff: db?.codeDiff ?? null,
    embeddingPca2d: db?.embeddingPca2d ?? null,
    embeddingPca3d: db?.embeddingPca3d ?? null,
    embeddingClusterId: db?.embeddingClusterId ?? null,
    embedCost: finite(dbMeta.embed_cost),
    noveltyCost: finite(dbMeta.novelty_cost),
    metaCost: finite(dbMeta.meta_cost),
    noveltyExplanation: str(dbMeta.novelty_explanation),
    maxSimilarity: finite(dbMeta.max_similarity),
    shinka: Object.keys(rest).length ? rest : null,
  });

  return {
    externalId: src.externalId,
    code: db?.code ?? folder?.code ?? '',
    language: db?.language ?? src.language,
    iteration: src.generation,
    generation: src.generation,
    timestamp: db?.timestamp ?? null,
    island: birthIsland,
    valid,
    evaluated: !noResults,
    invalidReason,
    score,
    metrics,
    metadata,
    isMigrant: src.isMigrant,
    parents: src.parents,
    evaluation: evaluationOf(src, noResults, valid, { pub, priv, feedback, error }),
    contexts: contextsOf(src),
    origin: shinkaOrigin(dbMeta),
  };
}

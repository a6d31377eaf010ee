// Parts of the programs.jsonl row mapping of the EvoTrace importer (evotrace.ts's header lists
// every field mapped; evotrace.ts builds the record): parents, evaluation, the trace fields only
// Evoscope's own layouts carry, and the fields left over for metadata.
import type { EvaluationRecord, ProgramRecord } from '../trace/schema';
import { finite, isObject, str, type Json } from './evotraceLayout';

export const idOf = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

/** Row fields with a place in ProgramRecord; every other non-null field goes to metadata. */
const MAPPED = new Set([
  'id', 'language', 'metrics', 'iteration_found', 'parent_id', 'timestamp', 'metadata', 'generation', 'solution',
  'solution_sha256', 'prompts', 'prompts_sha256', 'artifacts', 'island_idx', 'valid', 'invalid_reason', 'score',
  'is_migrant', 'parents', 'evaluation', 'text_feedback', 'public_metrics', 'private_metrics', 'code', 'correct',
  'evaluated', 'origin', 'context_refs', 'rejected', 'components',
]);
/** Large vectors with no use in Evoscope (ShinkaEvolve rows). */
const DROPPED = new Set(['embedding', 'embedding_pca_2d', 'embedding_pca_3d']);
/** Bookkeeping Evoscope's exporter writes with fixed values; dropped when reading its own exports. */
const OWN_BOOKKEEPING = new Set(['status', 'source']);

/** The row's fields with no place in ProgramRecord, null ones and dropped ones left out. */
export function unmappedFields(row: Json, own: boolean): Json {
  return Object.fromEntries(
    Object.entries(row).filter(([k, v]) => v != null && !MAPPED.has(k) && !DROPPED.has(k) && !(own && OWN_BOOKKEEPING.has(k))),
  );
}

export function parentsOf(row: Json, isMigrant: boolean): ProgramRecord['parents'] {
  if (Array.isArray(row.parents)) {
    return row.parents.flatMap((pa) => {
      const id = isObject(pa) ? idOf(pa.id) : null;
      return id ? [{ externalId: id, operator: str((pa as Json).operator) }] : [];
    });
  }
  const parent = idOf(row.parent_id);
  return parent ? [{ externalId: parent, operator: isMigrant ? 'migration' : 'mutation' }] : [];
}

export function evaluationOf(row: Json, valid: boolean, metrics: Json): EvaluationRecord | null {
  const artifacts = row.artifacts ?? undefined;
  if ('evaluation' in row && (isObject(row.evaluation) || row.evaluation === null)) {
    const e = row.evaluation;
    if (!e) return artifacts === undefined ? null : { status: valid ? 'ok' : 'failed', artifacts };
    return {
      status: str(e.status) ?? 'ok', output: str(e.output), errors: str(e.errors), timingMs: finite(e.timing_ms),
      publicMetrics: e.public_metrics ?? undefined, privateMetrics: e.private_metrics ?? undefined, artifacts, feedback: str(e.feedback),
    };
  }
  const feedback = str(row.text_feedback);
  const publicMetrics = row.public_metrics ?? undefined;
  const privateMetrics = row.private_metrics ?? undefined;
  if (artifacts !== undefined || feedback || publicMetrics !== undefined || privateMetrics !== undefined) {
    return { status: valid ? 'ok' : 'failed', artifacts, feedback, publicMetrics, privateMetrics };
  }
  // As the OpenEvolve importer: a failed program always gets an evaluation, so "failed" is queryable.
  return valid ? null : { status: 'failed', errors: str(metrics.error) };
}

/**
 * Issue 22's fields as Evoscope's exporter writes them (origin, context_refs, rejected,
 * components): read back only from its own layouts; the writer validates them.
 */
export function ownTraceFields(row: Json): Partial<ProgramRecord> {
  const out: Partial<ProgramRecord> = {};
  const o = row.origin;
  if (isObject(o)) {
    out.origin = { model: str(o.model), operator: str(o.operator), promptTokens: finite(o.prompt_tokens), completionTokens: finite(o.completion_tokens), cost: finite(o.cost) };
  }
  if (Array.isArray(row.context_refs)) {
    out.contextRefs = row.context_refs.filter(isObject).flatMap((r) => (idOf(r.id) ? [{ externalId: idOf(r.id)!, label: str(r.label) }] : []));
  }
  if (row.rejected === true) out.rejected = true;
  if (isObject(row.components)) out.components = row.components as Record<string, string>;
  return out;
}

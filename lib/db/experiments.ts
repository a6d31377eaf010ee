// Storage of interventions (issue 11): `experiments` (request, progress, report) and
// `experiment_calls` (one row per finished call). The worker runs them (lib/services/experiments/runExperiment.ts);
// the API, the CLI and the pages read them through here. A call is done when its row exists,
// so an experiment resumed after a restart never repeats a finished evaluation.
import { z } from 'zod';
import type { NewCall, StoredCall } from '../contracts/interventionTypes';
import {
  ablateParamsSchema, replayParamsSchema, tuneParamsSchema,
  type ExperimentKind, type ExperimentParams, type ExperimentReport, type ExperimentStatus, type ExperimentView,
} from '../contracts/interventionTypes';
import { auxParamsSchema, diagnoseParamsSchema } from '../trace/diagnosis';
import { pool } from './client';
import { latestEvaluator, NO_EVALUATOR, NO_EVALUATOR_CODE } from './evaluationBatches';
import { capLog, jsonOf } from './logCells';

export class ExperimentInputError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A stable name for the refusal (NO_EVALUATOR), sent beside the message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ExperimentInputError';
  }
}

export interface CreateExperimentInput {
  runId: string;
  programId: string;
  params: ExperimentParams;
  groupId?: string | null;
  /** users.id of the account that started it (null: the local user, the CLI or a token). */
  createdBy?: string | null;
}

type Row = {
  id: string; run_id: string; program_id: string; external_id: string | null; kind: ExperimentKind; group_id: string | null;
  params: ExperimentParams; status: ExperimentStatus; total: number; done: number; failed: number; phase: string | null;
  error: string | null; result: ExperimentReport | null; created_at: Date; started_at: Date | null; finished_at: Date | null;
};

const SELECT = `
  SELECT x.id, x.run_id, x.program_id, p.external_id, x.kind, x.group_id, x.params, x.status, x.total, x.done, x.failed,
         x.phase, x.error, x.result, x.created_at, x.started_at, x.finished_at
  FROM experiments x LEFT JOIN programs p ON p.id = x.program_id`;

const viewOf = (r: Row): ExperimentView => ({
  id: r.id, runId: r.run_id, programId: r.program_id, programExternalId: r.external_id ?? '(deleted)', kind: r.kind,
  groupId: r.group_id, params: r.params, status: r.status, total: r.total, done: r.done, failed: r.failed, phase: r.phase,
  error: r.error, result: r.result, createdAt: r.created_at.toISOString(), startedAt: r.started_at?.toISOString() ?? null,
  finishedAt: r.finished_at?.toISOString() ?? null,
});

const PARAMS_SCHEMAS = { replay: replayParamsSchema, tune: tuneParamsSchema, ablate: ablateParamsSchema, diagnose: diagnoseParamsSchema, aux: auxParamsSchema } as const;

/** An experiment's params checked against its kind's schema (defaults filled in); a 400 naming the field otherwise. */
export function checkedParams(params: ExperimentParams): ExperimentParams {
  const { kind, ...rest } = params;
  const parsed = PARAMS_SCHEMAS[kind].safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExperimentInputError(400, `${kind} params: ${issue.path.join('.') || '(params)'}: ${issue.message}`);
  }
  return { kind, ...parsed.data } as ExperimentParams;
}

/** Refuses (409 NO_EVALUATOR, saying how to attach one) a run without an evaluator; its latest version otherwise. */
export async function requireEvaluator(runId: string): Promise<{ id: string; version: number }> {
  const evaluator = await latestEvaluator(runId);
  if (!evaluator) throw new ExperimentInputError(409, NO_EVALUATOR, NO_EVALUATOR_CODE);
  return evaluator;
}

/**
 * Stores an experiment (queued) against the run's latest evaluator. Throws ExperimentInputError:
 * 400 for bad params, 404 when the program is not in the run, 409 NO_EVALUATOR when the run has
 * no evaluator, and then nothing is stored.
 */
export async function createExperiment(input: CreateExperimentInput): Promise<ExperimentView> {
  const checked = checkedParams(input.params);
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE id = $1 AND run_id = $2', [input.programId, input.runId]);
  if (!rows.length) throw new ExperimentInputError(404, `program ${input.programId} is not in run ${input.runId}`);
  const evaluator = await requireEvaluator(input.runId);
  const { kind, ...params } = checked;
  const created = await pool().query<{ id: string }>(
    `INSERT INTO experiments (id, run_id, program_id, kind, group_id, params, evaluator_version, created_by, status)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, $6, $7, 'queued') RETURNING id`,
    [input.runId, input.programId, kind, input.groupId ?? null, JSON.stringify({ kind, ...params }), evaluator.version, input.createdBy ?? null],
  );
  return (await getExperiment(null, created.rows[0].id))!;
}

/** An experiment (of the run, when runId is given). */
export async function getExperiment(runId: string | null, id: string): Promise<ExperimentView | null> {
  const { rows } = await pool().query<Row>(`${SELECT} WHERE x.id = $1 AND ($2::uuid IS NULL OR x.run_id = $2)`, [id, runId]);
  return rows[0] ? viewOf(rows[0]) : null;
}

export interface ListExperimentsFilter {
  kind?: ExperimentKind;
  programId?: string;
  groupId?: string;
  limit?: number;
  offset?: number;
}

/** A run's experiments, newest first. */
export async function listExperiments(runId: string, f: ListExperimentsFilter = {}): Promise<{ items: ExperimentView[]; total: number }> {
  const where = `WHERE x.run_id = $1 AND ($2::text IS NULL OR x.kind = $2) AND ($3::uuid IS NULL OR x.program_id = $3)
                 AND ($4::uuid IS NULL OR x.group_id = $4)`;
  const args = [runId, f.kind ?? null, f.programId ?? null, f.groupId ?? null];
  const [items, count] = await Promise.all([
    pool().query<Row>(`${SELECT} ${where} ORDER BY x.created_at DESC, x.id LIMIT $5 OFFSET $6`, [...args, f.limit ?? 50, f.offset ?? 0]),
    pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM experiments x ${where}`, args),
  ]);
  return { items: items.rows.map(viewOf), total: count.rows[0].n };
}

/** Marks a queued or running experiment cancelled; its runner notices within its poll interval. */
export async function cancelExperiment(runId: string, id: string): Promise<ExperimentView | null> {
  await pool().query(
    `UPDATE experiments SET status = 'cancelled', finished_at = now() WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running')`,
    [id, runId],
  );
  return getExperiment(runId, id);
}

/**
 * Puts a cancelled or failed experiment back in the queue: it resumes from its stored calls.
 * Returns null when there is no such experiment; a running or done one is left as it is.
 */
export async function resumeExperiment(runId: string, id: string): Promise<ExperimentView | null> {
  await pool().query(
    `UPDATE experiments SET status = 'queued', error = NULL, finished_at = NULL
     WHERE id = $1 AND run_id = $2 AND status IN ('cancelled', 'failed') AND evaluator_version IS NOT NULL`,
    [id, runId],
  );
  return getExperiment(runId, id);
}

/** Experiments a worker must (re)start: queued, or interrupted mid-run by a restart. */
export async function unfinishedExperimentIds(): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM experiments WHERE status IN ('queued', 'running') ORDER BY created_at`);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Calls

// Results may hold non-finite numbers and NUL characters: stored as the re-evaluation batches store theirs.
const jsonOrNull = (v: unknown) => (v === undefined || v === null ? null : jsonOf(v));
const cap = (s: string | null | undefined) => (s ? capLog(s) : null);

/**
 * Stores a finished call (once: a second store of the same idx is ignored) and recounts the
 * experiment's progress from its rows. `failed` counts calls whose status is not 'ok'.
 */
export async function storeCall(experimentId: string, call: NewCall): Promise<void> {
  await pool().query(
    `INSERT INTO experiment_calls (experiment_id, idx, phase, input, source_sha, request_sha, response_sha, llm, status, score, metrics,
       sandbox_status, wall_ms, output, errors, facts)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9, $10, $11::jsonb, $12, $13, $14, $15, $16::jsonb)
     ON CONFLICT (experiment_id, idx) DO NOTHING`,
    [
      experimentId, call.idx, call.phase, jsonOrNull(call.input) ?? '{}', call.sourceSha ?? null, call.requestSha ?? null, call.responseSha ?? null,
      jsonOrNull(call.llm), call.status, call.score !== null && Number.isFinite(call.score) ? call.score : null, jsonOrNull(call.metrics),
      call.sandboxStatus ?? null, call.wallMs ?? null, cap(call.output), cap(call.errors), jsonOrNull(call.facts),
    ],
  );
  await pool().query(
    `UPDATE experiments SET
       done = (SELECT count(*) FROM experiment_calls WHERE experiment_id = $1),
       failed = (SELECT count(*) FROM experiment_calls WHERE experiment_id = $1 AND status <> 'ok')
     WHERE id = $1`,
    [experimentId],
  );
}

type CallRow = {
  idx: number; phase: string; input: Record<string, unknown>; source_sha: string | null; request_sha: string | null;
  response_sha: string | null; llm: Record<string, unknown> | null; status: string; score: number | null;
  metrics: Record<string, unknown> | null; sandbox_status: string | null; wall_ms: number | null; output: string | null;
  errors: string | null; facts: Record<string, unknown> | null; created_at: Date;
};

/** An experiment's stored calls in plan order (logs left out unless asked for). */
export async function listCalls(experimentId: string, opts: { logs?: boolean } = {}): Promise<StoredCall[]> {
  const logs = opts.logs ? 'output, errors' : 'NULL::text AS output, NULL::text AS errors';
  const { rows } = await pool().query<CallRow>(
    `SELECT idx, phase, input, source_sha, request_sha, response_sha, llm, status, score, metrics, sandbox_status, wall_ms, ${logs}, facts, created_at
     FROM experiment_calls WHERE experiment_id = $1 ORDER BY idx`,
    [experimentId],
  );
  return rows.map((r) => ({
    idx: r.idx, phase: r.phase, input: r.input, sourceSha: r.source_sha, requestSha: r.request_sha, responseSha: r.response_sha,
    llm: r.llm, status: r.status, score: r.score, metrics: r.metrics, sandboxStatus: r.sandbox_status, wallMs: r.wall_ms,
    output: r.output, errors: r.errors, facts: r.facts, createdAt: r.created_at.toISOString(),
  }));
}

/** Progress fields the runner sets (total planned, the phase shown, a partial or final report). */
export async function updateExperiment(
  id: string,
  patch: { total?: number; phase?: string | null; result?: ExperimentReport | null },
): Promise<void> {
  await pool().query(
    `UPDATE experiments SET
       total = coalesce($2, total),
       phase = CASE WHEN $3::boolean THEN $4 ELSE phase END,
       result = CASE WHEN $5::boolean THEN $6::jsonb ELSE result END
     WHERE id = $1`,
    [id, patch.total ?? null, 'phase' in patch, patch.phase ?? null, 'result' in patch, jsonOrNull(patch.result)],
  );
}

/** The experiment's status (null: deleted, e.g. its run was). */
export async function experimentStatus(id: string): Promise<ExperimentStatus | null> {
  const { rows } = await pool().query<{ status: ExperimentStatus }>('SELECT status FROM experiments WHERE id = $1', [id]);
  return rows[0]?.status ?? null;
}

/** Ends a running experiment (done or failed) unless it was cancelled meanwhile. */
export async function finishExperiment(id: string, status: 'done' | 'failed', opts: { error?: string; result?: ExperimentReport | null } = {}) {
  await pool().query(
    `UPDATE experiments SET status = $2, error = $3, finished_at = now(), phase = NULL,
       result = CASE WHEN $4::boolean THEN $5::jsonb ELSE result END
     WHERE id = $1 AND status IN ('queued', 'running')`,
    [id, status, opts.error ?? null, 'result' in opts, jsonOrNull(opts.result)],
  );
}

/** Sets an experiment's done/failed counters (runners whose record is not experiment_calls, e.g. 'aux'). */
export async function setExperimentCounts(id: string, counts: { done: number; failed: number }): Promise<void> {
  await pool().query('UPDATE experiments SET done = $2, failed = $3 WHERE id = $1', [id, counts.done, counts.failed]);
}

// Judging batches (table judge_batches): one judge over the edits of a run that it has not judged
// yet, with progress, spend, caps, cancel and resume. Running one: lib/services/judging/runJudgeBatch.ts (worker
// task judge-run). The edit set is the analyses' (lib/db/runEditSet.ts); an edit counts as done
// for a judge once it has a 'judged' row, so a new batch, a resume or a re-run after a crash
// judges only what is left (edits marked not judged are tried again).
import type { JudgeBatchResponse, JudgeBatchStatus, JudgeKind } from '../contracts/api/taxonomySchemas';
import { llmJudgeKey, OFFLINE_JUDGE_KEY, RUBRIC_VERSION } from '../contracts/taxonomyTypes';
import type { JudgeBudget, LlmSettings } from '../contracts/llmTypes';
import { pool } from './client';
import { judgedChildIds, loadRunEditSet } from './runEditSet';

export const LLM_NOT_CONFIGURED =
  'no LLM is configured: set its endpoint and model on /settings, or with EVOSCOPE_LLM_BASE_URL, EVOSCOPE_LLM_API_KEY and EVOSCOPE_LLM_MODEL';

export const ACTIVE: readonly JudgeBatchStatus[] = ['queued', 'running'];
export const TERMINAL: readonly JudgeBatchStatus[] = ['done', 'failed', 'cancelled', 'budget'];

/** A request that cannot be a batch (LLM not configured, one already running): the caller's mistake. */
export class JudgeBatchInputError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'JudgeBatchInputError';
  }
}

type BatchRow = {
  id: string; run_id: string; judge: string; kind: JudgeKind; model: string | null; rubric_version: string | null;
  status: JudgeBatchStatus; total: number; done: number; cached: number; not_judged: number; budget: JudgeBudget;
  concurrency: number; prompt_tokens: number; completion_tokens: number; cost_usd: number; error: string | null;
  created_at: Date; started_at: Date | null; finished_at: Date | null;
};

export const batchOf = (r: BatchRow): JudgeBatchResponse => ({
  id: r.id, runId: r.run_id, judge: r.judge, kind: r.kind, model: r.model, rubricVersion: r.rubric_version, status: r.status,
  total: r.total, done: r.done, cached: r.cached, notJudged: r.not_judged, budget: r.budget ?? {}, concurrency: r.concurrency,
  promptTokens: r.prompt_tokens, completionTokens: r.completion_tokens, costUsd: r.cost_usd, error: r.error,
  createdAt: r.created_at.toISOString(), startedAt: r.started_at?.toISOString() ?? null, finishedAt: r.finished_at?.toISOString() ?? null,
});

export const BATCH_COLUMNS = `id, run_id, judge, kind, model, rubric_version, status, total, done, cached, not_judged, budget, concurrency,
  prompt_tokens, completion_tokens, cost_usd, error, created_at, started_at, finished_at`;

/** A batch of the run (null when not one of its batches). `runId` null: any run's. */
export async function getJudgeBatch(runId: string | null, batchId: string): Promise<JudgeBatchResponse | null> {
  const { rows } = await pool().query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM judge_batches WHERE id = $1 AND ($2::uuid IS NULL OR run_id = $2)`,
    [batchId, runId],
  );
  return rows[0] ? batchOf(rows[0]) : null;
}

/** The run's batches, newest first. */
export async function listJudgeBatches(runId: string, limit = 50): Promise<JudgeBatchResponse[]> {
  const { rows } = await pool().query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM judge_batches WHERE run_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [runId, limit],
  );
  return rows.map(batchOf);
}

/** Edits of the run the judge has not judged yet (null: no such run). */
export async function pendingEditCount(runId: string, judge: string): Promise<number | null> {
  const set = await loadRunEditSet(runId);
  if (!set) return null;
  const judged = await judgedChildIds(runId, judge);
  return set.edits.filter((e) => !judged.has(e.childId)).length;
}

export interface CreateJudgeBatchInput {
  runId: string;
  kind: JudgeKind;
  /** LLM: overrides settings.model. */
  model?: string;
  /** LLM: overrides settings.budget. */
  budget?: JudgeBudget;
  concurrency?: number;
}

/**
 * Stores a queued batch (the caller enqueues it). `settings` is the LLM configuration (null: not
 * configured; then an LLM batch is refused with 409 saying where to configure it). Refused with
 * 409 when a batch of the same judge is already queued or running on the run. Null: no such run.
 */
export async function createJudgeBatch(input: CreateJudgeBatchInput, settings: LlmSettings | null): Promise<JudgeBatchResponse | null> {
  let judge = OFFLINE_JUDGE_KEY;
  let model: string | null = null;
  let budget: JudgeBudget = input.budget ?? {};
  let concurrency = 1;
  if (input.kind === 'llm') {
    if (!settings) throw new JudgeBatchInputError(409, LLM_NOT_CONFIGURED);
    model = input.model ?? settings.model;
    judge = llmJudgeKey(model);
    budget = input.budget ?? settings.budget;
    concurrency = input.concurrency ?? settings.concurrency;
  }
  const pending = await pendingEditCount(input.runId, judge);
  if (pending === null) return null;
  const active = await activeBatch(input.runId, judge);
  if (active) throw new JudgeBatchInputError(409, `a judging batch of ${judge} is already ${active.status} on this run (${active.id}): cancel it or wait for it`);
  const { rows } = await pool().query<BatchRow>(
    `INSERT INTO judge_batches (id, run_id, judge, kind, model, rubric_version, total, budget, concurrency)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${BATCH_COLUMNS}`,
    [input.runId, judge, input.kind, model, input.kind === 'llm' ? RUBRIC_VERSION : null, pending, JSON.stringify(budget), concurrency],
  );
  return batchOf(rows[0]);
}

export async function activeBatch(runId: string, judge: string): Promise<JudgeBatchResponse | null> {
  const { rows } = await pool().query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM judge_batches WHERE run_id = $1 AND judge = $2 AND status IN ('queued', 'running') ORDER BY created_at DESC LIMIT 1`,
    [runId, judge],
  );
  return rows[0] ? batchOf(rows[0]) : null;
}

/**
 * Marks a queued or running batch cancelled; its runner notices within its poll interval and
 * aborts what is in flight. A finished batch is left as it is. Null: no such batch.
 */
export async function cancelJudgeBatch(runId: string, batchId: string): Promise<JudgeBatchResponse | null> {
  await pool().query(
    `UPDATE judge_batches SET status = 'cancelled', finished_at = now() WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running')`,
    [batchId, runId],
  );
  return getJudgeBatch(runId, batchId);
}

/**
 * Resuming a stopped batch (cancelled, budget, failed) starts a new batch of the same judge, model,
 * caps (unless `budget` is given) and concurrency over the edits still unjudged; the stopped one
 * keeps its figures, so each batch's caps bound its own spend. A batch still queued or running is
 * returned as it is. Null: no such batch.
 */
export async function resumeJudgeBatch(runId: string, batchId: string, budget?: JudgeBudget): Promise<JudgeBatchResponse | null> {
  const old = await getJudgeBatch(runId, batchId);
  if (!old) return null;
  if (ACTIVE.includes(old.status)) return old;
  const active = await activeBatch(runId, old.judge);
  if (active) return active;
  const pending = (await pendingEditCount(runId, old.judge)) ?? 0;
  const { rows } = await pool().query<BatchRow>(
    `INSERT INTO judge_batches (id, run_id, judge, kind, model, rubric_version, total, budget, concurrency)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${BATCH_COLUMNS}`,
    [runId, old.judge, old.kind, old.model, old.rubricVersion, pending, JSON.stringify(budget ?? old.budget), old.concurrency],
  );
  return batchOf(rows[0]);
}

/** Batches a worker must (re)start: queued, or interrupted mid-run by a restart. */
export async function unfinishedJudgeBatchIds(): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM judge_batches WHERE status IN ('queued', 'running') ORDER BY created_at`);
  return rows.map((r) => r.id);
}

/**
 * The automatic offline judging of a run (after its analyses): a queued offline batch when some
 * edit has no offline label yet and none is queued or running. Returns the batch to enqueue, or null.
 */
export async function offlineBatchIfNeeded(runId: string): Promise<JudgeBatchResponse | null> {
  if (await activeBatch(runId, OFFLINE_JUDGE_KEY)) return null;
  const pending = await pendingEditCount(runId, OFFLINE_JUDGE_KEY);
  if (!pending) return null;
  try {
    return await createJudgeBatch({ runId, kind: 'offline' }, null);
  } catch (e) {
    if (e instanceof JudgeBatchInputError) return null; // another process queued one meanwhile
    throw e;
  }
}

/** Runs with edits the offline judge has not labelled (oldest first): queued at worker start-up. */
export async function runsMissingOfflineLabels(): Promise<string[]> {
  // Children with an in-run parent and no offline row; a cheap over-approximation of the edit set
  // (empty sources are checked by offlineBatchIfNeeded, which makes no batch when nothing is left).
  const { rows } = await pool().query<{ run_id: string }>(
    `SELECT r.id AS run_id FROM runs r
     WHERE EXISTS (
       SELECT 1 FROM edges e WHERE e.run_id = r.id AND e.parent_id IS NOT NULL AND e.parent_id <> e.child_id
         AND NOT EXISTS (SELECT 1 FROM edit_judgements j WHERE j.run_id = r.id AND j.judge = $1 AND j.child_id = e.child_id AND j.status = 'judged'))
     AND NOT EXISTS (SELECT 1 FROM judge_batches b WHERE b.run_id = r.id AND b.judge = $1 AND b.status IN ('queued', 'running'))
     ORDER BY r.imported_at`,
    [OFFLINE_JUDGE_KEY],
  );
  return rows.map((r) => r.run_id);
}

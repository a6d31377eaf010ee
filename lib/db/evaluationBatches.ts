// Re-evaluation batches (table evaluation_batches): what to re-run (one program, the run's
// best-so-far chain, a list), on which test sets, against which evaluator version, and how far
// it got. Running a batch: lib/services/evaluation/runEvaluationBatch.ts (worker task evaluate-batch and the CLI).
import os from 'node:os';
import { bestSoFar, type BestSoFarResult } from '../analysis/bestSoFar';
import type { BatchDetail, BatchProgress, BatchStatus, EvaluationSettings } from '../contracts/api/evaluations';
import type { TestSet } from '../sandbox/evaluators/batchSchedule';
import { DEFAULT_MAX_MEMORY_MB, DEFAULT_MAX_TIMEOUT_SECONDS, type EvaluationMaxima } from '../sandbox/evaluators/limits';
import type { EvaluatorBundle } from '../contracts/evaluatorTypes';
import { loadScoredPrograms } from './analyses';
import { pool, prisma } from './client';
import { storedEvaluationLimits } from './evaluationLimits';
import { getSetting, setSetting } from './settings';
import { NO_EVALUATOR, NO_EVALUATOR_CODE } from '../contracts/api/noEvaluator';

/** Settings key: sandboxes a batch runs at once (default: the machine's cores). */
export const CONCURRENCY_SETTING = 'evaluation.concurrency';

export { NO_EVALUATOR, NO_EVALUATOR_CODE };

export type LoadedEvaluator = EvaluatorBundle & { id: string; version: number };
/** lib/db/evaluators.ts loadEvaluator, bound to the database (latest version when none given). */
export type EvaluatorLoader = (runId: string, version?: number) => Promise<LoadedEvaluator | null>;

/** A request that cannot be a batch (unknown program, no evaluator, no private test set): the caller's mistake. */
export class BatchInputError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    /** A stable name for the refusal (NO_EVALUATOR), sent beside the message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BatchInputError';
  }
}

export const TERMINAL: readonly BatchStatus[] = ['done', 'failed', 'cancelled'];

/** Sandboxes a batch runs when the request does not say: the setting or the cores, at most the maximum. */
export async function defaultConcurrency(): Promise<number> {
  const s = await getEvaluationSettings();
  return Math.min(s.concurrency ?? s.defaultConcurrency, s.limits.maxConcurrency ?? Infinity);
}

export async function getEvaluationSettings(): Promise<EvaluationSettings> {
  const set = await getSetting<number>(CONCURRENCY_SETTING);
  const concurrency = typeof set === 'number' && Number.isInteger(set) && set >= 1 ? set : null;
  const cores = os.availableParallelism();
  return {
    concurrency,
    defaultConcurrency: cores,
    limits: await storedEvaluationLimits(),
    defaultLimits: { maxTimeoutSeconds: DEFAULT_MAX_TIMEOUT_SECONDS, maxMemoryMb: DEFAULT_MAX_MEMORY_MB, maxConcurrency: concurrency ?? cores },
  };
}

/** The maxima in force: the owner's, else the defaults (concurrency: the default a batch gets). */
export async function evaluationMaxima(): Promise<EvaluationMaxima> {
  const { limits, defaultLimits } = await getEvaluationSettings();
  return {
    maxTimeoutSeconds: limits.maxTimeoutSeconds ?? defaultLimits.maxTimeoutSeconds,
    maxMemoryMb: limits.maxMemoryMb ?? defaultLimits.maxMemoryMb,
    maxConcurrency: limits.maxConcurrency ?? defaultLimits.maxConcurrency,
  };
}

/** null: back to the default (the machine's cores). */
export async function setEvaluationConcurrency(concurrency: number | null) {
  if (concurrency === null) await prisma().setting.deleteMany({ where: { key: CONCURRENCY_SETTING } });
  else await setSetting(CONCURRENCY_SETTING, concurrency);
}

/**
 * The run's best-so-far chain: the programs that set a new best score, in canonical order
 * (lib/analysis/bestSoFar.ts, the definition every view uses, on the run's primary score).
 */
export async function bestChainProgramIds(runId: string): Promise<string[]> {
  return (await runBestSoFar(runId))?.points.map((p) => p.programId) ?? [];
}

/** The run's best-so-far on its primary score, computed now (null: no such run). */
export async function runBestSoFar(runId: string): Promise<BestSoFarResult | null> {
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { scoreMetric: true, higherIsBetter: true } });
  if (!run) return null;
  const metric = run.scoreMetric ?? 'score';
  return bestSoFar(await loadScoredPrograms(runId, metric, true), metric, run.higherIsBetter);
}

export interface CreateBatchInput {
  runId: string;
  scope: 'program' | 'best-chain' | 'programs';
  /** For 'program' (one) and 'programs'; the chain is computed for 'best-chain'. */
  programIds?: string[];
  testSets?: readonly TestSet[];
  concurrency?: number;
}

async function programsOfBatch(input: CreateBatchInput): Promise<string[]> {
  if (input.scope === 'best-chain') {
    const chain = await bestChainProgramIds(input.runId);
    if (!chain.length) throw new BatchInputError(409, 'this run has no valid scored program: its best-so-far chain is empty');
    return chain;
  }
  const ids = [...new Set(input.programIds ?? [])];
  if (!ids.length) throw new BatchInputError(400, 'name at least one program to re-run');
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1 AND id = ANY($2::uuid[])', [input.runId, ids]);
  const inRun = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !inRun.has(id));
  if (missing.length) throw new BatchInputError(404, `program ${missing[0]} is not in this run${missing.length > 1 ? ` (nor ${missing.length - 1} more)` : ''}`);
  return ids;
}

/** The run's latest evaluator version: what a new batch runs against. */
export async function latestEvaluator(runId: string): Promise<{ id: string; version: number; has_private: boolean } | null> {
  const { rows } = await pool().query<{ id: string; version: number; has_private: boolean }>(
    `SELECT id, version, (jsonb_typeof(private_files) = 'object' AND private_files <> '{}'::jsonb) AS has_private
     FROM evaluators WHERE run_id = $1 ORDER BY version DESC LIMIT 1`,
    [runId],
  );
  return rows[0] ?? null;
}

/**
 * Stores a batch against the run's latest evaluator. A run without an evaluator is refused
 * (BatchInputError 409 NO_EVALUATOR, saying how to attach one) and nothing is stored: a failed
 * row would only be noise in the run's history. Returns null when the run does not exist.
 */
export async function createEvaluationBatch(input: CreateBatchInput): Promise<BatchProgress | null> {
  const run = await prisma().run.findUnique({ where: { id: input.runId }, select: { id: true } });
  if (!run) return null;
  const programIds = await programsOfBatch(input);
  const testSets = input.testSets?.includes('private') ? (['public', 'private'] as TestSet[]) : (['public'] as TestSet[]);
  const evaluator = await latestEvaluator(input.runId);
  if (!evaluator) throw new BatchInputError(409, NO_EVALUATOR, NO_EVALUATOR_CODE);
  if (testSets.includes('private') && !evaluator.has_private) {
    throw new BatchInputError(409, `this run's evaluator (version ${evaluator.version}) has no private test set: attach one with --private`);
  }
  const concurrency = input.concurrency ?? (await defaultConcurrency());
  const batch = await prisma().evaluationBatch.create({
    data: {
      runId: input.runId,
      evaluatorId: evaluator.id,
      scope: input.scope,
      programIds,
      testSets,
      concurrency,
      total: programIds.length * testSets.length,
    },
    select: { id: true },
  });
  return (await getBatchProgress(input.runId, batch.id))!;
}

const progressSql = `
  SELECT b.id, b.run_id, b.scope, b.status, b.test_sets, b.concurrency, b.total, b.done, b.failed, b.error,
         b.evaluator_id, e.version AS evaluator_version, b.program_ids, b.created_at, b.started_at, b.finished_at
  FROM evaluation_batches b LEFT JOIN evaluators e ON e.id = b.evaluator_id`;

type ProgressRow = {
  id: string; run_id: string; scope: string; status: BatchStatus; test_sets: TestSet[]; concurrency: number; total: number;
  done: number; failed: number; error: string | null; evaluator_id: string | null; evaluator_version: number | null;
  program_ids: string[]; created_at: Date; started_at: Date | null; finished_at: Date | null;
};

const progressOf = (r: ProgressRow): BatchProgress => ({
  id: r.id, runId: r.run_id, scope: r.scope, status: r.status, testSets: r.test_sets, concurrency: r.concurrency,
  total: r.total, done: r.done, failed: r.failed, error: r.error, evaluatorId: r.evaluator_id,
  evaluatorVersion: r.evaluator_version, programIds: r.program_ids, createdAt: r.created_at.toISOString(),
  startedAt: r.started_at?.toISOString() ?? null, finishedAt: r.finished_at?.toISOString() ?? null,
});

/** A batch of the run (null when not one of its batches). `runId` null: any run's. */
export async function getBatchProgress(runId: string | null, batchId: string): Promise<BatchProgress | null> {
  const { rows } = await pool().query<ProgressRow>(`${progressSql} WHERE b.id = $1 AND ($2::uuid IS NULL OR b.run_id = $2)`, [batchId, runId]);
  return rows[0] ? progressOf(rows[0]) : null;
}

/** The run's latest batches, newest first (the run's page shows the chain re-run it last started). */
export async function listRunBatches(runId: string, opts: { scope?: string; limit?: number } = {}): Promise<BatchProgress[]> {
  const { rows } = await pool().query<ProgressRow>(
    `${progressSql} WHERE b.run_id = $1 AND ($2::text IS NULL OR b.scope = $2) ORDER BY b.created_at DESC LIMIT $3`,
    [runId, opts.scope ?? null, opts.limit ?? 10],
  );
  return rows.map(progressOf);
}

/** Progress and, per program in batch order, the recorded score beside the re-run ones. */
export async function getBatchDetail(runId: string, batchId: string): Promise<BatchDetail | null> {
  const progress = await getBatchProgress(runId, batchId);
  if (!progress) return null;
  const [run, programs, evals] = await Promise.all([
    prisma().run.findUnique({ where: { id: runId }, select: { higherIsBetter: true } }),
    pool().query<{ id: string; external_id: string; iteration: number | null; score: number | null }>(
      'SELECT id, external_id, iteration, score FROM programs WHERE id = ANY($1::uuid[])',
      [progress.programIds],
    ),
    pool().query<{ program_id: string; test_set: TestSet; score: number | null; status: string; sandbox_status: string | null }>(
      'SELECT program_id, test_set, score, status, sandbox_status FROM evaluations WHERE batch_id = $1',
      [batchId],
    ),
  ]);
  const byId = new Map(programs.rows.map((p) => [p.id, p]));
  const result = new Map(evals.rows.map((e) => [`${e.program_id}:${e.test_set}`, { score: e.score, status: e.status, sandboxStatus: e.sandbox_status }]));
  const steps = progress.programIds.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return []; // deleted since (a live run re-ingested): nothing to show
    return [{
      programId: id, externalId: p.external_id, iteration: p.iteration, recordedScore: p.score,
      public: result.get(`${id}:public`) ?? null, private: result.get(`${id}:private`) ?? null,
    }];
  });
  return { ...progress, higherIsBetter: run?.higherIsBetter ?? true, steps };
}

/**
 * Marks a queued or running batch cancelled; the process running it notices within its poll
 * interval and aborts its sandboxes. A finished batch is left as it is. Null: no such batch.
 */
export async function cancelBatch(runId: string, batchId: string): Promise<BatchProgress | null> {
  await pool().query(
    `UPDATE evaluation_batches SET status = 'cancelled', finished_at = now()
     WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running')`,
    [batchId, runId],
  );
  return getBatchProgress(runId, batchId);
}

/** Batches a worker must (re)start: queued or interrupted mid-run by a restart. */
export async function unfinishedBatchIds(): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM evaluation_batches WHERE status IN ('queued', 'running') ORDER BY created_at`,
  );
  return rows.map((r) => r.id);
}

/** A re-run of this one program still queued or running (the page follows it after a reload). */
export async function activeProgramBatchId(runId: string, programId: string): Promise<string | null> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM evaluation_batches
     WHERE run_id = $1 AND scope = 'program' AND $2::uuid = ANY(program_ids) AND status IN ('queued', 'running')
     ORDER BY created_at DESC LIMIT 1`,
    [runId, programId],
  );
  return rows[0]?.id ?? null;
}

/** What the run page's chain re-run shows on load: the latest chain batch and the evaluator. */
export async function chainRerunState(runId: string): Promise<{ initial: BatchDetail | null; evaluator: { version: number; hasPrivate: boolean } | null }> {
  const [latest, evaluator] = await Promise.all([listRunBatches(runId, { scope: 'best-chain', limit: 1 }), latestEvaluator(runId)]);
  return {
    initial: latest[0] ? await getBatchDetail(runId, latest[0].id) : null,
    evaluator: evaluator && { version: evaluator.version, hasPrivate: evaluator.has_private },
  };
}

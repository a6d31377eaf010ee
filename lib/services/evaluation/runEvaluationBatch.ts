// Runs a re-evaluation batch: its pending (program, test set) pairs, `concurrency` sandboxes at
// once (lib/sandbox/evaluators/batchSchedule.ts), each result stored as an `evaluations` row (kind
// 'rerun'). A pair is done when its row exists, so a batch interrupted by a restart resumes
// where it stopped; a cancel (cancelBatch) is polled and aborts the running sandboxes. One
// process runs a batch at a time: it holds a PostgreSQL advisory lock on the batch while it
// runs (freed with its connection when the process dies). Used by the worker task
// evaluate-batch and, in-process, by `evoscope evaluate`.
import type { BatchProgress } from '../../contracts/api/evaluations';
import { batchPairs, pairKey, pendingPairs, runSchedule, type BatchPair, type TestSet } from '../../sandbox/evaluators/batchSchedule';
import type { EvaluationOutcome, EvaluatorBundle } from '../../contracts/evaluatorTypes';
import { pool } from '../../db/client';
import { getBatchProgress, NO_EVALUATOR, TERMINAL, type EvaluatorLoader } from '../../db/evaluationBatches';
import { capLog, jsonOf } from '../../db/logCells';

export type EvaluateFn = (
  bundle: EvaluatorBundle,
  program: { source: string; language: string },
  opts: { testSet: TestSet; signal: AbortSignal },
) => Promise<EvaluationOutcome>;

export interface BatchDeps {
  evaluate: EvaluateFn;
  loadEvaluator: EvaluatorLoader;
}

export interface RunBatchOptions {
  /** Stops the batch without cancelling it (shutdown): it resumes on the next start. */
  signal?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
  log?: (line: string) => void;
  /** How often a cancel is polled while sandboxes run. */
  pollMs?: number;
}

export type RunBatchResult = BatchProgress & { skipped?: string };

function thrownOutcome(testSet: TestSet, e: unknown): EvaluationOutcome {
  return {
    status: 'sandbox-error', sandboxStatus: 'sandbox-error', metrics: {}, score: null, testSet, stdout: '', stderr: '',
    message: `the evaluation could not run: ${(e as Error)?.message ?? String(e)}`, wallMs: 0, cpuMs: 0, peakMemoryKb: 0,
  };
}

async function fail(batchId: string, error: string) {
  await pool().query(
    `UPDATE evaluation_batches SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
    [batchId, error],
  );
}

async function storeOutcome(batchId: string, runId: string, evaluatorId: string, pair: BatchPair, o: EvaluationOutcome) {
  const errors = [o.message, o.stderr].filter((s) => s && s.trim()).join('\n\n');
  await pool().query(
    `INSERT INTO evaluations (run_id, program_id, kind, test_set, evaluator_id, batch_id, status, score, sandbox_status,
       public_metrics, private_metrics, output, errors, timing_ms, wall_ms, cpu_ms, peak_memory_kb)
     VALUES ($1, $2, 'rerun', $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, $13, $14, $15)
     ON CONFLICT (batch_id, program_id, test_set) DO NOTHING`,
    [
      runId, pair.programId, pair.testSet, evaluatorId, batchId, o.status, o.score !== null && Number.isFinite(o.score) ? o.score : null,
      o.sandboxStatus, pair.testSet === 'public' ? jsonOf(o.metrics) : null, pair.testSet === 'private' ? jsonOf(o.metrics) : null,
      o.stdout ? capLog(o.stdout) : null, errors ? capLog(errors) : null, o.wallMs, o.cpuMs, Math.round(o.peakMemoryKb),
    ],
  );
  // Counted from the rows, not incremented: a resumed batch counts what is stored, once.
  await pool().query(
    `UPDATE evaluation_batches SET
       done = (SELECT count(*) FROM evaluations WHERE batch_id = $1),
       failed = (SELECT count(*) FROM evaluations WHERE batch_id = $1 AND status <> 'ok')
     WHERE id = $1`,
    [batchId],
  );
}

async function loadSources(runId: string, programIds: string[]) {
  const { rows } = await pool().query<{ id: string; content: string; language: string | null }>(
    `SELECT p.id, b.content, coalesce(p.language, r.language) AS language
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha JOIN runs r ON r.id = p.run_id
     WHERE p.run_id = $1 AND p.id = ANY($2::uuid[])`,
    [runId, programIds],
  );
  return new Map(rows.map((r) => [r.id, { source: r.content, language: r.language ?? 'python' }]));
}

/**
 * Runs what is left of a batch and returns its progress. A batch already finished, or being run
 * by another process (`skipped` says so), is returned as it is. Database failures are thrown
 * (the worker retries; the stored pairs are not run again).
 */
export async function runEvaluationBatch(batchId: string, deps: BatchDeps, opts: RunBatchOptions = {}): Promise<RunBatchResult | null> {
  const log = opts.log ?? (() => {});
  const lock = await pool().connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('evaluation-batch:' || $1)::bigint) AS ok`, [batchId]);
    if (!rows[0].ok) {
      const p = await getBatchProgress(null, batchId);
      return p && { ...p, skipped: 'another process is running this batch' };
    }
    try {
      return await runLocked(batchId, deps, opts, log);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext('evaluation-batch:' || $1)::bigint)`, [batchId]);
    }
  } finally {
    lock.release();
  }
}

async function runLocked(batchId: string, deps: BatchDeps, opts: RunBatchOptions, log: (l: string) => void): Promise<RunBatchResult | null> {
  const batch = await getBatchProgress(null, batchId);
  if (!batch || TERMINAL.includes(batch.status)) return batch;
  if (!batch.evaluatorId || batch.evaluatorVersion === null) {
    await fail(batchId, NO_EVALUATOR);
    return getBatchProgress(null, batchId);
  }
  const bundle = await deps.loadEvaluator(batch.runId, batch.evaluatorVersion);
  if (!bundle) {
    await fail(batchId, `evaluator version ${batch.evaluatorVersion} of this run could not be loaded (deleted?)`);
    return getBatchProgress(null, batchId);
  }
  await pool().query(
    `UPDATE evaluation_batches SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = $1 AND status = 'queued'`,
    [batchId],
  );
  const stored = await pool().query<{ program_id: string; test_set: TestSet }>(
    'SELECT program_id, test_set FROM evaluations WHERE batch_id = $1',
    [batchId],
  );
  const pending = pendingPairs(batchPairs(batch.programIds, batch.testSets), new Set(stored.rows.map((r) => pairKey({ programId: r.program_id, testSet: r.test_set }))));
  log(`batch ${batchId}: ${pending.length} of ${batch.total} evaluations to run, ${batch.concurrency} at once`);
  const sources = await loadSources(batch.runId, [...new Set(pending.map((p) => p.programId))]);

  const progress = async () => {
    const p = await getBatchProgress(null, batchId);
    if (p) opts.onProgress?.(p);
  };
  const result = await runSchedule({
    pairs: pending.filter((p) => sources.has(p.programId)),
    concurrency: batch.concurrency,
    pollMs: opts.pollMs,
    signal: opts.signal,
    isCancelled: async () => {
      const p = await getBatchProgress(null, batchId);
      return !p || p.status === 'cancelled';
    },
    run: async (pair, signal) => {
      const outcome = await deps
        .evaluate(bundle, sources.get(pair.programId)!, { testSet: pair.testSet, signal })
        // The evaluation itself broke (not the candidate, not the database): that pair failed,
        // the batch goes on; retrying the job would only break it again.
        .catch((e: unknown) => thrownOutcome(pair.testSet, e));
      if (signal.aborted) return; // cancelled or shutting down: the pair stays pending
      try {
        await storeOutcome(batchId, batch.runId, bundle.id, pair, outcome);
      } catch (e) {
        // The run (and with it the batch) was deleted meanwhile: the poll stops the schedule.
        if ((e as { code?: string }).code === '23503') return;
        throw e;
      }
      await progress();
    },
  });
  if (result.interrupted) {
    log(`batch ${batchId}: interrupted after ${result.completed} evaluations; it resumes on the next start`);
  } else if (result.cancelled) {
    log(`batch ${batchId}: cancelled after ${result.completed} evaluations`);
  } else {
    // A program deleted since the batch was created is counted as skipped, not run.
    const skipped = pending.length - pending.filter((p) => sources.has(p.programId)).length;
    await pool().query(
      `UPDATE evaluation_batches SET status = 'done', finished_at = now(), error = $2 WHERE id = $1 AND status = 'running'`,
      [batchId, skipped ? `${skipped} evaluation(s) skipped: their programs were deleted` : null],
    );
    log(`batch ${batchId}: done (${result.completed} evaluations run now)`);
  }
  const final = await getBatchProgress(null, batchId);
  if (final) opts.onProgress?.(final);
  return final;
}

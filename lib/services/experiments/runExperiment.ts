// Runs an experiment (issue 11): what is left of its plan, in the worker (task run-experiment)
// or in-process (the CLI). One process at a time: it holds a PostgreSQL advisory lock on the
// experiment while it runs (freed with its connection when the process dies). A cancel is
// polled and aborts the runner's sandboxes and LLM calls; a shutdown (opts.signal) stops it
// without ending it, so it resumes from its stored calls on the next start.
import { z } from 'zod';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';
import { ExperimentFailure, type ExperimentContext, type ExperimentProgram, type ExperimentRun } from '../../interventions/context';
import { TERMINAL_EXPERIMENT, type ExperimentReport, type ExperimentView } from '../../contracts/interventionTypes';
import { pool } from '../../db/client';
import { BlobSet, inTransaction, writeBlobs } from '../../db/rows';
import { defaultConcurrency } from '../../db/evaluationBatches';
import { loadEvaluator } from '../../db/evaluators';
import { experimentStatus, finishExperiment, getExperiment, listCalls, storeCall, updateExperiment } from '../../db/experiments';
import { runAblateExperiment } from './ablate';
import { runReplayExperiment } from './replay';
import { runTuneExperiment } from './tune';
import { runDiagnoseExperiment } from './diagnose';
import { runAuxExperiment } from './aux';

export interface RunExperimentOptions {
  /** Stops the experiment without ending it (worker shutdown): it resumes on the next start. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** How often a cancel is polled. */
  pollMs?: number;
  /** The runners by kind (tests inject their own to exercise the driver alone). */
  runners?: Partial<Runners>;
}

export type RunExperimentResult = ExperimentView & { skipped?: string; interrupted?: boolean };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Runners = Record<ExperimentView['kind'], (ctx: ExperimentContext<any>) => Promise<ExperimentReport>>;

const RUNNERS: Runners = {
  tune: runTuneExperiment,
  replay: runReplayExperiment,
  ablate: runAblateExperiment,
  diagnose: runDiagnoseExperiment,
  aux: runAuxExperiment,
};

export async function putBlob(text: string): Promise<string> {
  const blobs = new BlobSet();
  const sha = blobs.add(text);
  await inTransaction((c) => writeBlobs(c, blobs));
  return sha;
}

export async function getBlob(sha: string): Promise<string | null> {
  const { rows } = await pool().query<{ content: string }>('SELECT content FROM blobs WHERE sha256 = $1', [sha]);
  return rows[0]?.content ?? null;
}

async function loadProgram(programId: string): Promise<ExperimentProgram | null> {
  const { rows } = await pool().query<{
    id: string; external_id: string; content: string; language: string | null; score: number | null; metrics: Record<string, unknown> | null;
    iteration: number | null; parent_ids: string[] | null;
  }>(
    `SELECT p.id, p.external_id, b.content, coalesce(p.language, r.language) AS language, p.score, p.metrics, p.iteration,
            (SELECT array_agg(e.parent_id ORDER BY e.ordinal) FROM edges e WHERE e.child_id = p.id AND e.parent_id IS NOT NULL) AS parent_ids
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha JOIN runs r ON r.id = p.run_id WHERE p.id = $1`,
    [programId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id, externalId: r.external_id, source: r.content, language: (r.language ?? 'python').toLowerCase(), score: r.score,
    metrics: r.metrics, iteration: r.iteration, parentIds: r.parent_ids ?? [],
  };
}

async function loadRun(runId: string): Promise<ExperimentRun | null> {
  const { rows } = await pool().query<{
    id: string; name: string; framework: string; language: string | null; score_metric: string | null; higher_is_better: boolean; best_score: number | null;
  }>('SELECT id, name, framework, language, score_metric, higher_is_better, best_score FROM runs WHERE id = $1', [runId]);
  const r = rows[0];
  return r && { id: r.id, name: r.name, framework: r.framework, language: r.language, scoreMetric: r.score_metric, higherIsBetter: r.higher_is_better, bestScore: r.best_score };
}

/**
 * Runs what is left of an experiment and returns it. One finished, or run by another process
 * (`skipped` says so), is returned as it is. Database failures are thrown (the worker retries;
 * stored calls are not run again).
 */
export async function runExperiment(id: string, opts: RunExperimentOptions = {}): Promise<RunExperimentResult | null> {
  const lock = await pool().connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('experiment:' || $1)::bigint) AS ok`, [id]);
    if (!rows[0].ok) {
      const x = await getExperiment(null, id);
      return x && { ...x, skipped: 'another process is running this experiment' };
    }
    try {
      return await runLocked(id, opts);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext('experiment:' || $1)::bigint)`, [id]);
    }
  } finally {
    lock.release();
  }
}

async function runLocked(id: string, opts: RunExperimentOptions): Promise<RunExperimentResult | null> {
  const log = opts.log ?? (() => {});
  const x = await getExperiment(null, id);
  if (!x || TERMINAL_EXPERIMENT.includes(x.status)) return x;
  const fail = async (error: string) => {
    await finishExperiment(id, 'failed', { error });
    return getExperiment(null, id);
  };
  const versionRow = await pool().query<{ evaluator_version: number | null }>('SELECT evaluator_version FROM experiments WHERE id = $1', [id]);
  const version = versionRow.rows[0]?.evaluator_version ?? null;
  const [program, run] = await Promise.all([loadProgram(x.programId), loadRun(x.runId)]);
  if (!program || !run) return fail('its program or run no longer exists');
  const bundle = version === null ? null : await loadEvaluator(pool(), x.runId, version);
  if (!bundle) return fail(`evaluator version ${version ?? '?'} of this run could not be loaded (deleted?)`);

  await pool().query(`UPDATE experiments SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = $1 AND status = 'queued'`, [id]);
  const stored = new Map((await listCalls(id)).map((c) => [c.idx, c]));
  const abort = new AbortController();
  let cancelled = false;
  const onShutdown = () => abort.abort(new Error('the worker is shutting down'));
  opts.signal?.addEventListener('abort', onShutdown, { once: true });
  if (opts.signal?.aborted) onShutdown();
  const poll = setInterval(() => {
    void experimentStatus(id).then(
      (s) => {
        if (s !== 'running' && s !== 'queued') {
          cancelled = true;
          abort.abort(new Error(s === null ? 'the experiment was deleted' : 'the experiment was cancelled'));
        }
      },
      () => {},
    );
  }, opts.pollMs ?? 500);

  const { params } = x;
  const ctx: ExperimentContext<unknown> = {
    experimentId: id,
    params,
    program,
    run,
    signal: abort.signal,
    stored,
    concurrency: await defaultConcurrency(),
    evaluator: bundle,
    evaluate: (source, language) => evaluateProgram(bundle, { source, language: language ?? program.language }, { signal: abort.signal }),
    storeCall: (call) => storeCall(id, call),
    putBlob,
    getBlob,
    progress: (patch) => updateExperiment(id, patch),
    log,
  };
  try {
    const report = await ({ ...RUNNERS, ...opts.runners })[x.kind](ctx);
    if (abort.signal.aborted) {
      if (cancelled) return getExperiment(null, id);
      const now = await getExperiment(null, id);
      return now && { ...now, interrupted: true };
    }
    await finishExperiment(id, 'done', { result: report });
    return getExperiment(null, id);
  } catch (e) {
    if (abort.signal.aborted) {
      if (cancelled) return getExperiment(null, id);
      const now = await getExperiment(null, id);
      return now && { ...now, interrupted: true };
    }
    if (e instanceof ExperimentFailure) return fail(e.message);
    // Params stored before a schema change (or written by hand): retrying cannot fix them.
    if (e instanceof z.ZodError) return fail(`its params are not valid: ${e.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ')}`);
    throw e;
  } finally {
    clearInterval(poll);
    opts.signal?.removeEventListener('abort', onShutdown);
  }
}

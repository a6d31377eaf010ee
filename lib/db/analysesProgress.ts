// Progress of a run's analyses job (table analyses_progress, one row per run while the job runs),
// written by the worker task run-analyses and read by the run's pages (GET
// /api/runs/[runId]/analyses-progress). Writes are throttled and chained (never two in flight),
// and a failed write is only logged: progress is advisory and must not fail the analyses.
import { analysesProgressSchema, failureText, progressText, type AnalysesProgress, type AnalysesStatus, type AnalysesStep } from '../analysis/analysesProgress';
import { ANALYSIS, REPORT_VERSION } from '../analysis/reportTypes';
import { jobKeyOf } from '../contracts/jobs';
import { pool } from './client';

/** A row not updated for this long belongs to a job that died: the pages stop showing it. */
export const STALE_PROGRESS_MS = 10 * 60_000;
export interface RecorderOptions {
  /** A write failed (logged by the caller; the job goes on). */
  onError?: (e: Error) => void;
  /** Least time between two writes of counted progress (default 500 ms). */
  throttleMs?: number;
  /** Sees every state written (tests, logs). */
  observe?: (steps: AnalysesProgress) => void;
}

export class ProgressRecorder {
  private steps: AnalysesProgress = {};
  private chain: Promise<void> = Promise.resolve();
  private lastWrite = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  private readonly throttleMs: number;

  constructor(
    private readonly runId: string,
    private readonly opts: RecorderOptions = {},
  ) {
    this.throttleMs = opts.throttleMs ?? 500;
  }

  /** Marks a step running (with its unit count when it has one) and writes at once. */
  start(step: AnalysesStep, total?: number) {
    this.steps[step] = total === undefined ? { state: 'running' } : { state: 'running', done: 0, total };
    this.write();
  }

  /** Units done in a counted step; written at most every THROTTLE_MS. */
  advance(step: AnalysesStep, done: number, total?: number) {
    const s = this.steps[step];
    this.steps[step] = { state: 'running', done, total: total ?? s?.total ?? done };
    if (Date.now() - this.lastWrite >= this.throttleMs) this.write();
    else this.timer ??= setTimeout(() => this.write(), this.throttleMs);
  }

  finish(step: AnalysesStep) {
    const s = this.steps[step];
    this.steps[step] = s?.total === undefined ? { state: 'done' } : { state: 'done', done: s.total, total: s.total };
    this.write();
  }

  /** The steps as last recorded (for logs and tests). */
  snapshot(): AnalysesProgress {
    return structuredClone(this.steps);
  }

  /** Removes the row: the job ended (done or failed). Waits for writes in flight. */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.enqueue(() => pool().query('DELETE FROM analyses_progress WHERE run_id = $1', [this.runId]));
  }

  /** Resolves once every write queued so far is done. */
  flush(): Promise<void> {
    return this.chain;
  }

  private write() {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastWrite = Date.now();
    const steps = JSON.stringify(this.steps);
    this.opts.observe?.(JSON.parse(steps) as AnalysesProgress);
    void this.enqueue(() =>
      pool().query(
        `INSERT INTO analyses_progress (run_id, steps, started_at, updated_at) VALUES ($1, $2::jsonb, now(), now())
         ON CONFLICT (run_id) DO UPDATE SET steps = EXCLUDED.steps, updated_at = now()`,
        [this.runId, steps],
      ),
    );
  }

  private enqueue(q: () => Promise<unknown>): Promise<void> {
    this.chain = this.chain.then(q).then(
      () => undefined,
      (e: unknown) => this.opts.onError?.(e as Error),
    );
    return this.chain;
  }
}

/**
 * What the run's pages show of its analyses: the progress of the job running now (null when none
 * runs, or its job died), and whether the stored reports are missing or older than the run
 * (a job is queued or about to be). null: no such run.
 */
export async function getAnalysesProgress(runId: string): Promise<AnalysesStatus | null> {
  const { rows } = await pool().query<{ steps: unknown; started_at: Date | null; fresh: boolean | null; pending: boolean }>(
    `SELECT p.steps, p.started_at, p.updated_at > now() - make_interval(secs => $2) AS fresh,
            NOT EXISTS (SELECT 1 FROM analyses a WHERE a.run_id = r.id AND a.kind = $3 AND a.params = ''
                          AND a.version = $4 AND a.computed_at >= r.updated_at) AS pending
       FROM runs r LEFT JOIN analyses_progress p ON p.run_id = r.id
      WHERE r.id = $1`,
    [runId, STALE_PROGRESS_MS / 1000, ANALYSIS.lineage, REPORT_VERSION],
  );
  if (!rows.length) return null;
  const r = rows[0];
  const steps = r.fresh ? analysesProgressSchema.safeParse(r.steps) : null;
  const running = steps?.success ? { steps: steps.data, text: progressText(steps.data), startedAt: r.started_at!.toISOString() } : null;
  const failed = !running && r.pending ? await failedJob(runId) : null;
  return { running, pending: r.pending, ...(failed ? { failed } : {}) };
}

/**
 * The run's analyses job when graphile-worker gave up on it (attempts spent; it keeps such jobs
 * until the key is queued again, which resets them): its error's first line. null when it is
 * queued or retrying, and when the worker's schema does not exist yet (no job was ever queued).
 */
async function failedJob(runId: string): Promise<{ error: string; at: string } | null> {
  try {
    const { rows } = await pool().query<{ last_error: string | null; updated_at: Date }>(
      `SELECT last_error, updated_at FROM graphile_worker.jobs WHERE key = $1 AND attempts >= max_attempts`,
      [jobKeyOf('run-analyses', { runId })],
    );
    return rows.length ? { error: failureText(rows[0].last_error), at: rows[0].updated_at.toISOString() } : null;
  } catch (e) {
    if ((e as { code?: string }).code === '3F000' || (e as { code?: string }).code === '42P01') return null; // no schema / view
    throw e;
  }
}

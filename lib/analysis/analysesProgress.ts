// Progress of a run's analyses job (worker task run-analyses), as stored while it runs (table
// analyses_progress) and shown on the run's pages: "analyses: cycling done, complexity 40 %".
// Pure: the worker records step states here, the page formats them with progressText.
import { z } from 'zod';

/** The job's steps, in the order the page names them. Complexity and cycling run side by side. */
/** GET .../analyses-progress, as the run pages poll it (the overview preloads it with its HTML). */
export const analysesProgressUrl = (runId: string) => `/api/runs/${runId}/analyses-progress`;

export const ANALYSES_STEPS = ['loading', 'duplicates', 'complexity', 'cycling', 'storing', 'graph'] as const;
export type AnalysesStep = (typeof ANALYSES_STEPS)[number];

const LABELS: Record<AnalysesStep, string> = {
  loading: 'reading the run',
  duplicates: 'duplicates',
  complexity: 'complexity',
  cycling: 'cycling',
  storing: 'storing',
  graph: 'lineage graph',
};

export const stepStateSchema = z.object({
  state: z.enum(['running', 'done']),
  /** Units done and to do (sources measured, cycling passes), when the step counts them. */
  done: z.number().int().nonnegative().optional(),
  total: z.number().int().nonnegative().optional(),
});
export type StepState = z.infer<typeof stepStateSchema>;

export const analysesProgressSchema = z.partialRecord(z.enum(ANALYSES_STEPS), stepStateSchema);
export type AnalysesProgress = z.infer<typeof analysesProgressSchema>;

/** GET /api/runs/[runId]/analyses-progress: the job running now, and whether reports are due. */
export const analysesStatusSchema = z.object({
  running: z.object({ steps: analysesProgressSchema, text: z.string(), startedAt: z.string() }).nullable(),
  /** The stored reports are missing or older than the run: a job is queued (or failed). */
  pending: z.boolean(),
  /** Present when the run's job failed for good (its attempts spent): the error's first line. */
  failed: z.object({ error: z.string(), at: z.string() }).optional(),
});
export type AnalysesStatus = z.infer<typeof analysesStatusSchema>;

/** Percent done of a counted step (floored: 100 % only when every unit is done). */
export function stepPercent(s: StepState): number | null {
  if (s.total === undefined || s.done === undefined) return null;
  if (s.total === 0) return 100;
  return Math.min(100, Math.floor((100 * s.done) / s.total));
}

/**
 * One line for the page: the finished steps, then the running ones with their percent
 * ("analyses: cycling done, complexity 40 %"); steps not started are not named.
 */
export function progressText(p: AnalysesProgress): string {
  const done: string[] = [];
  const running: string[] = [];
  for (const step of ANALYSES_STEPS) {
    const s = p[step];
    if (!s) continue;
    if (s.state === 'done') done.push(`${LABELS[step]} done`);
    else {
      const pct = stepPercent(s);
      running.push(pct === null ? LABELS[step] : `${LABELS[step]} ${pct} %`);
    }
  }
  const parts = [...done, ...running];
  return `analyses: ${parts.length ? parts.join(', ') : 'starting'}`;
}

/**
 * How often the run's pages ask again: often while a job runs, less while one is due, rarely
 * after it failed for good (only a new import or batch queues it again), else never.
 */
export function pollInterval(status: AnalysesStatus | undefined): number | false {
  if (!status) return false;
  if (status.running) return 1500;
  if (status.failed) return 15_000;
  return status.pending ? 4000 : false;
}

/** The line under the run's navigation, null when the reports are current. */
export function statusLine(status: AnalysesStatus): string | null {
  if (status.running) return status.running.text;
  if (status.failed) return `analyses: failed (${status.failed.error})`;
  return status.pending ? 'analyses: queued' : null;
}

const FAILURE_CHARS = 120;

/**
 * What a user sees of a job's stored error: its first line, without the `Error:` prefix and with
 * host paths reduced to file names (they are the server's business), cut to FAILURE_CHARS.
 */
export function failureText(lastError: string | null): string {
  const first = (lastError ?? '').split('\n', 1)[0].trim();
  const text = first
    .replace(/^[A-Za-z]*Error:\s*/, '')
    .replace(/(?:file:\/\/)?(?:\/[^\s/:()'"]+)+\/([^\s/:()'"]+)/g, '$1');
  if (!text) return 'unknown error';
  return text.length > FAILURE_CHARS ? `${text.slice(0, FAILURE_CHARS - 1)}…` : text;
}

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

/** How often the run's pages ask again: often while a job runs, less while one is due, else never. */
export function pollInterval(status: AnalysesStatus | undefined): number | false {
  if (!status) return false;
  if (status.running) return 1500;
  return status.pending ? 4000 : false;
}

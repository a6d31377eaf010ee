// Job names and payload schemas, shared by the web app, the CLI and the worker.
// Payloads are parsed with these schemas in the task, never trusted.
import { z } from 'zod';

export const jobPayloads = {
  'run-summary': z.object({ runId: z.string().uuid() }),
  'import-upload': z.object({ importId: z.string().uuid() }),
  'run-analyses': z.object({ runId: z.string().uuid() }),
  /** A re-evaluation batch (lib/services/evaluation/runEvaluationBatch.ts); resumable, so safe to run twice. */
  'evaluate-batch': z.object({ batchId: z.string().uuid() }),
  /** A judging batch (judge_batches): labels a run's edits with one judge; resumable, so safe to run twice. */
  'judge-run': z.object({ batchId: z.string().uuid() }),
  /** An intervention (experiments: replay, tune, ablate); resumable, so safe to run twice. */
  'run-experiment': z.object({ experimentId: z.string().uuid() }),
  /** From the crontab: graphile-worker's own `_cron` stamp, nothing of ours. */
  'clean-uploads': z.object({}).loose(),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;

/** The graphile-worker job key of a job by default: what it works on (enqueue.ts; read by the run's pages). */
export const jobKeyOf = <N extends JobName>(name: N, parsed: JobPayload<N>) => `${name}:${JSON.stringify(parsed)}`;

/** A failure that retrying cannot fix (bad input): the task fails once with a clear message. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

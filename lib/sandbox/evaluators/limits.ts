// What an evaluation may ask of the machine: an evaluator's time and memory per program, and a
// re-evaluation's sandboxes at once, each at most the owner's maximum (Settings · Re-evaluation,
// setting 'evaluation.limits'; lib/db/evaluationLimits.ts). Pure: asked and maxima in, the
// first refusal (a message naming the field and the limit) or null out. Issue 28: any member
// could ask for a day per program, 64 GB and 64 sandboxes.

/** Maxima when the owner has set none (concurrency: the default of a batch, setting or cores). */
export const DEFAULT_MAX_TIMEOUT_SECONDS = 600;
export const DEFAULT_MAX_MEMORY_MB = 4096;

export interface EvaluationMaxima {
  maxTimeoutSeconds: number;
  maxMemoryMb: number;
  maxConcurrency: number;
}

export interface EvaluationAsk {
  timeoutSeconds?: number;
  memoryMb?: number;
  concurrency?: number;
}

const WHERE = 'on this Evoscope (an owner sets the maximum on Settings)';

export function limitRefusal(ask: EvaluationAsk, max: EvaluationMaxima): string | null {
  if (ask.timeoutSeconds !== undefined && ask.timeoutSeconds > max.maxTimeoutSeconds) {
    return `timeoutSeconds: at most ${max.maxTimeoutSeconds} s ${WHERE}; asked ${ask.timeoutSeconds}`;
  }
  if (ask.memoryMb !== undefined && ask.memoryMb > max.maxMemoryMb) return `memoryMb: at most ${max.maxMemoryMb} MB ${WHERE}; asked ${ask.memoryMb}`;
  if (ask.concurrency !== undefined && ask.concurrency > max.maxConcurrency) {
    return `concurrency: at most ${max.maxConcurrency} sandboxes at once ${WHERE}; asked ${ask.concurrency}`;
  }
  return null;
}

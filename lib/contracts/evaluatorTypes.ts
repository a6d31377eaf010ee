// An evaluator attached to a run (the paper's replay environment) and what evaluating one
// program against it returns. Storage: the `evaluators` table (lib/db/evaluators.ts); running:
// lib/sandbox/evaluators/evaluate.ts, always inside the sandbox (lib/sandbox).
import type { SandboxStatus } from './sandboxTypes';

export type EvaluatorContract = 'openevolve' | 'shinka' | 'command';

/** An evaluator with its files loaded: what evaluateProgram needs, no database. */
export interface EvaluatorBundle {
  contract: EvaluatorContract;
  /** 'openevolve': evaluator.py; 'shinka': evaluate.py; 'command': unused. */
  entry?: string;
  /** 'command': the template, `{program}` replaced by the candidate's file name. */
  command?: string;
  /** File name the candidate gets in the work directory (program.py, main.cpp). */
  programFile: string;
  /** path -> content: the evaluator's own files. */
  files: Record<string, Buffer>;
  /** path -> content: the private test set, overlaid on `files` for private re-scoring. */
  privateFiles?: Record<string, Buffer>;
  timeoutSeconds: number;
  memoryMb: number;
  /**
   * OpenEvolve only: whether the cascade (evaluate_stage1..3) runs and its thresholds, as the
   * run's config said (evaluator.cascade_evaluation / cascade_thresholds). Absent: OpenEvolve's
   * defaults (on; 0.5, 0.75, 0.9).
   */
  cascade?: { enabled: boolean; thresholds: number[] };
}

/**
 * - ok: the evaluator returned metrics (the candidate may still score badly or 0);
 * - candidate-error: the candidate failed (did not compile, crashed, timed out...): the
 *   evaluator reported it, or the sandbox typed it;
 * - evaluator-error: the evaluator itself crashed or returned nothing usable;
 * - sandbox-error: the sandbox could not run (not runnable here, cancelled, ...).
 */
export type EvaluationOutcomeStatus = 'ok' | 'candidate-error' | 'evaluator-error' | 'sandbox-error';

export interface EvaluationOutcome {
  status: EvaluationOutcomeStatus;
  /** The sandbox's typed result of the evaluator process. */
  sandboxStatus: SandboxStatus;
  metrics: Record<string, unknown>;
  /** What the evaluator returned besides metrics (OpenEvolve's EvaluationResult.artifacts), when any. */
  artifacts?: Record<string, unknown>;
  /** combined_score (or `score`) when a finite number, else null. */
  score: number | null;
  testSet: 'public' | 'private';
  stdout: string;
  stderr: string;
  /** One sentence for anything but ok. */
  message?: string;
  wallMs: number;
  cpuMs: number;
  peakMemoryKb: number;
}

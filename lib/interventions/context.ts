// What an experiment's runner is given (lib/services/experiments/runExperiment.ts builds it): the program, its run,
// the calls already stored (resume), and the means to evaluate a candidate in the sandbox, store
// a call, store a text and report progress. Runners (lib/db/experiment{Tune,Replay,Ablate}.ts)
// run the plan's calls that are not stored yet, in plan order, and return the report.
import type { EvaluationOutcome, EvaluatorBundle } from '../contracts/evaluatorTypes';
import type { NewCall, StoredCall } from '../contracts/interventionTypes';
import type { ExperimentReport, KnobLanguage } from '../contracts/interventionTypes';

export interface ExperimentProgram {
  id: string;
  externalId: string;
  source: string;
  /** The program's language as stored ('python', 'cpp', ...), normalised to lower case. */
  language: string;
  score: number | null;
  metrics: Record<string, unknown> | null;
  iteration: number | null;
  /** Parent ids (ours) in the source's order; ghost parents left out. */
  parentIds: string[];
}

export interface ExperimentRun {
  id: string;
  name: string;
  /** The source framework (runs.framework: 'openevolve', 'shinka', ...). */
  framework: string;
  /** The run's language (runs.language), the programs' default. */
  language: string | null;
  scoreMetric: string | null;
  higherIsBetter: boolean;
  /** The run's final best score (runs.best_score). */
  bestScore: number | null;
}

export interface ExperimentContext<P> {
  experimentId: string;
  params: P;
  program: ExperimentProgram;
  run: ExperimentRun;
  /** Aborted when the experiment is cancelled or the worker shuts down: stop and return. */
  signal: AbortSignal;
  /** Calls already stored, by idx: skip them (their results are these). */
  stored: Map<number, StoredCall>;
  /** Sandboxes that may run at once (the evaluation concurrency setting). */
  concurrency: number;
  /** Evaluates a candidate against the experiment's evaluator version, public test set, in the sandbox. */
  evaluate(source: string, language?: string): Promise<EvaluationOutcome>;
  /** The experiment's evaluator version (files, command, contract): for runners that drive the
   * sandbox themselves (issue 13: the diagnosis agent's tools, the aux metrics runner). */
  evaluator: EvaluatorBundle;
  storeCall(call: NewCall): Promise<void>;
  /** Stores a text as a blob (content-addressed); returns its sha256. */
  putBlob(text: string): Promise<string>;
  getBlob(sha: string): Promise<string | null>;
  /** Sets what the page shows while it runs: planned calls, the phase line, a partial report. */
  progress(patch: { total?: number; phase?: string | null; result?: ExperimentReport | null }): Promise<void>;
  log(line: string): void;
}

/** tree-sitter's language for a stored language name, or null when it has no grammar here. */
export function knobLanguage(language: string): KnobLanguage | null {
  const l = language.toLowerCase();
  if (l === 'python' || l === 'py') return 'python';
  if (['cpp', 'c++', 'cc', 'cxx', 'c', 'cuda', 'cu'].includes(l)) return 'cpp';
  return null;
}

/** A failure of the experiment the user must read (bad input, nothing to do): ends it 'failed'. */
export class ExperimentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExperimentFailure';
  }
}

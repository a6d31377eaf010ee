// The three interventions of issue 11 (the paper's §4, §5.3-5.4, B.9): replay a breakthrough's
// prompt, tune a program's numeric knobs with Bayesian optimisation (the tuning gap), and ablate
// an edit hunk by hunk. Pure types shared by lib/interventions/* (no database, no browser), the
// worker task `run-experiment`, the API (lib/contracts/api/experimentSchemas.ts), the CLI and the pages.
// Storage: `experiments` (params, progress, result) and `experiment_calls` (one row per finished
// call), lib/db/experiments.ts.
import { z } from 'zod';
import type { AuxExperimentReport, AuxParams, DiagnoseExperimentReport, DiagnoseParams } from '../trace/diagnosis';

/** replay, tune, ablate: issue 11; diagnose (the eval agent, post hoc) and aux (an auxiliary_metrics.py over a run's programs): issue 13, lib/diagnosis/types.ts. */
export const EXPERIMENT_KINDS = ['replay', 'tune', 'ablate', 'diagnose', 'aux'] as const;
export type ExperimentKind = (typeof EXPERIMENT_KINDS)[number];

export const EXPERIMENT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const TERMINAL_EXPERIMENT: readonly ExperimentStatus[] = ['done', 'failed', 'cancelled'];

/** Languages whose programs can be tuned and ablated by function (tree-sitter grammars, lib/analysis/treeSitter.ts). */
export type KnobLanguage = 'python' | 'cpp';

// ---------------------------------------------------------------------------------------------
// Knobs (tuning)

export const knobSchema = z.object({
  /** A unique identifier (snake_case), the key in the PARAMS block. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a knob name is an identifier (letters, digits, _)').max(64),
  /**
   * The literal exactly as the source has it, a leading unary minus included ("-0.1", "1e-6",
   * "0.95", "1000"): the rewrite replaces the whole signed literal, so the sign is never lost.
   */
  sourceLiteral: z.string().min(1).max(64),
  /** 1-based line of the literal and that line verbatim (the disambiguator the B.9 prompt asks for). */
  line: z.number().int().min(1),
  contextLine: z.string().max(2000),
  /** Character offsets [start, end) of the signed literal in the source (JS string indices). */
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  /** The literal's value (the default). */
  value: z.number().finite(),
  low: z.number().finite(),
  high: z.number().finite(),
  scale: z.enum(['linear', 'log']),
  type: z.enum(['int', 'float']),
  /** Who proposed it: the offline finder, the LLM (B.9 prompt), or the user (edited). */
  origin: z.enum(['offline', 'llm', 'user']),
  /** Offline: the interval rule that gave low/high; LLM: its one-sentence rationale. */
  note: z.string().max(500).optional(),
});
export type Knob = z.infer<typeof knobSchema>;

/** A literal the offline finder saw and did not offer, and the rule that excluded it. */
export interface ExcludedLiteral {
  literal: string;
  line: number;
  rule: string;
}

export interface KnobProposal {
  language: KnobLanguage;
  knobs: Knob[];
  excluded: ExcludedLiteral[];
  /** LLM proposals: specs dropped by validation (literal not in the source, not on its context line, ...). */
  dropped?: { name: string; reason: string }[];
}

// ---------------------------------------------------------------------------------------------
// Requests (validated by the API and the CLI, stored in experiments.params)

export const REPLAY_VARIANTS = [
  'exact',
  'strict_diff',
  'no_other_context',
  'no_history',
  'alternate_context',
  'deletion_history',
  'custom',
] as const;
export type ReplayVariant = (typeof REPLAY_VARIANTS)[number];

export const replayParamsSchema = z.object({
  /** Trials per variant (default 8). */
  n: z.number().int().min(1).max(64).default(8),
  variants: z.array(z.enum(REPLAY_VARIANTS)).min(1).max(REPLAY_VARIANTS.length).default(['exact']),
  /** A substituted model (else the configured one). */
  model: z.string().min(1).max(200).optional(),
  /** For the 'custom' variant: a system and/or user prompt replacing the stored one. */
  customSystem: z.string().max(200_000).optional(),
  customUser: z.string().max(400_000).optional(),
  /** Sampling temperature sent with each trial (default: the configured one). */
  temperature: z.number().min(0).max(2).optional(),
});
export type ReplayParams = z.infer<typeof replayParamsSchema>;

export const tuneParamsSchema = z.object({
  /** Where the knob list came from; the list itself is `knobs` (edited by the user or not). */
  knobSource: z.enum(['offline', 'llm']).default('offline'),
  /** The knobs to tune; absent: found with knobSource when the experiment starts. */
  knobs: z.array(knobSchema).max(32).optional(),
  /** Evaluator calls of the search (the defaults first, then random, then guided). */
  calls: z.number().int().min(2).max(200).default(24),
  /** Random points after the defaults (EvoReplay: 8). */
  initialRandom: z.number().int().min(0).max(100).default(8),
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(0),
  /** For C++: how the parameter block is written. */
  style: z.enum(['dict', 'constants']).default('dict'),
});
export type TuneParams = z.infer<typeof tuneParamsSchema>;

export const ablateParamsSchema = z.object({
  /** The parent the edit is measured against (default: the program's first parent). */
  parentId: z.string().uuid().optional(),
  /** Also revert each function the edit touched (default true). */
  functions: z.boolean().default(true),
});
export type AblateParams = z.infer<typeof ablateParamsSchema>;

export type ExperimentParams =
  | ({ kind: 'replay' } & ReplayParams)
  | ({ kind: 'tune' } & TuneParams)
  | ({ kind: 'ablate' } & AblateParams)
  | ({ kind: 'diagnose' } & DiagnoseParams)
  | ({ kind: 'aux' } & AuxParams);

// ---------------------------------------------------------------------------------------------
// Calls (one experiment_calls row each)

/** An evaluation's result as an experiment keeps it (from lib/evaluators EvaluationOutcome). */
export interface CallOutcome {
  /** EvaluationOutcomeStatus, or 'not-run' (nothing to evaluate: the reply did not parse). */
  status: 'ok' | 'candidate-error' | 'evaluator-error' | 'sandbox-error' | 'not-run';
  score: number | null;
  metrics?: Record<string, unknown>;
  sandboxStatus?: string;
  wallMs?: number;
  message?: string;
}

export type TunePhase = 'check' | 'default' | 'random' | 'guided';

export interface TuneCall {
  idx: number;
  phase: TunePhase;
  /** knob name -> value evaluated (ints rounded). */
  params: Record<string, number>;
  status: CallOutcome['status'];
  score: number | null;
  /** The score the optimiser was told: a failed call counts as the worst score seen so far. */
  objective: number | null;
}

// ---------------------------------------------------------------------------------------------
// Reports (experiments.result)

export interface TuneReport {
  kind: 'tune';
  language: KnobLanguage;
  knobs: Knob[];
  higherIsBetter: boolean;
  /** The program's recorded score. */
  originalScore: number | null;
  /** The rewritten program (PARAMS block, defaults) evaluated before tuning: must equal originalScore. */
  rewriteScore: number | null;
  rewriteReproduces: boolean;
  /** The search's calls in order (the 'check' call not included) and the best-so-far after each. */
  calls: TuneCall[];
  bestSoFar: (number | null)[];
  /** Best score over the search's calls: the tuning ceiling S*(s). */
  ceiling: number | null;
  bestParams: Record<string, number> | null;
  /** blobs sha256 of the tuned program (the rewrite with bestParams) and of the rewrite with the defaults. */
  tunedSha: string | null;
  rewriteSha: string | null;
  /** ceiling - original (signed so that positive is better). */
  improvement: number | null;
  /** The run's final best score (run.bestScore). */
  runFinalBest: number | null;
  /**
   * The tuning gap of §5.4: final best - ceiling (positive = better direction): the part of the
   * run's later gain that tuning this program's knobs does not reach, i.e. structural. <= 0: the
   * run's later gain is matched by tuning alone.
   */
  gap: number | null;
  /** (ceiling - original) / (final best - original): the share of the later gain tuning recovers. */
  recoveredShare: number | null;
  matchesFinalBest: boolean | null;
  beatsFinalBest: boolean | null;
}

export type ReplayOutcomeClass = 'better' | 'similar' | 'beats-parent' | 'worse' | 'failed';

export interface ReplayTrialFacts {
  variant: ReplayVariant;
  trial: number;
  /** The reply yielded a program (diff blocks applied, or a fenced rewrite). */
  parsed: boolean;
  /** 'diff' | 'rewrite' | null: how the reply was read. */
  format: 'diff' | 'rewrite' | null;
  parseError?: string;
  /** Evaluated with a finite score. */
  evaluated: boolean;
  exact: boolean;
  /** Equal after whitespace normalisation (trailing spaces, blank lines, line endings). */
  normalisedExact: boolean;
  score: number | null;
  /** score / original score (null when either is missing or the original is 0). */
  ratio: number | null;
  outcome: ReplayOutcomeClass;
}

export interface ReplayVariantSummary {
  variant: ReplayVariant;
  trials: number;
  /** Shares of trials (0..1). */
  parseSuccess: number;
  evalSuccess: number;
  exactMatch: number;
  normalisedMatch: number;
  /** Mean replayed score over successful trials divided by the original (null if none succeeded). */
  scoreRatio: number | null;
  /** Every trial's ratio, sorted (the distribution: failures are bimodal). */
  ratios: number[];
  scores: (number | null)[];
  outcomes: Record<ReplayOutcomeClass, number>;
}

export interface ReplayReport {
  kind: 'replay';
  model: string;
  originalScore: number | null;
  parentScore: number | null;
  /** The source framework whose reply format was used ('openevolve', 'shinka', ...). */
  framework: string;
  variants: ReplayVariantSummary[];
  /** Per variant: whether it changed the stored prompt and what it did (a variant whose section is absent sends the exact prompt). */
  notes?: { variant: ReplayVariant; changed: boolean; note: string }[];
}

export type AblationVerdict = 'carried' | 'neutral' | 'hurt' | 'failed';

export interface AblationVariant {
  idx: number;
  /** 'hunk': one hunk reverted; 'function': every change inside one function reverted; 'whole': the parent. */
  unit: 'hunk' | 'function' | 'whole';
  /** "hunk 1" (1-based, file order), "function <qualified name>" or "whole edit (the parent)", naming any deduplicated twin: "hunk 2 (= function solve)". */
  label: string;
  /** The hunk's header (@@ -a,b +c,d @@) and its lines, or the function's span. */
  header: string;
  parentLines: [number, number] | null;
  childLines: [number, number] | null;
  score: number | null;
  status: CallOutcome['status'];
  /** child score - variant score (positive = reverting it lost score: it carried gain), signed for the run's direction. */
  contribution: number | null;
  verdict: AblationVerdict;
}

export interface AblationReport {
  kind: 'ablate';
  parentId: string;
  parentScore: number | null;
  childScore: number | null;
  /** |contribution| below this is neutral (a share of the edit's gain, stated in the report). */
  tolerance: number;
  variants: AblationVariant[];
  /** The edit's taxonomy labels when judged (lib/analysis/taxonomy), for the page to show beside. */
  labels: string[];
  /**
   * The 'whole' variant (the parent, re-evaluated here) scored the parent's recorded score within
   * the tolerance: false means the sandbox does not reproduce the recorded scores, so contributions
   * measured against the recorded child score are suspect. Null: no whole variant or no scores.
   */
  parentReproduces?: boolean | null;
  /** The judge whose labels these are (an LLM judge's when one judged the edit, else 'offline@2'); null: not judged. */
  labelsJudge?: string | null;
}

export type ExperimentReport = TuneReport | ReplayReport | AblationReport | DiagnoseExperimentReport | AuxExperimentReport;

/** What the API and the pages show of an experiment. */
export interface ExperimentView {
  id: string;
  runId: string;
  programId: string;
  programExternalId: string;
  kind: ExperimentKind;
  groupId: string | null;
  params: ExperimentParams;
  status: ExperimentStatus;
  total: number;
  done: number;
  failed: number;
  phase: string | null;
  error: string | null;
  result: ExperimentReport | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type NewCall = Omit<StoredCall, 'createdAt' | 'sourceSha' | 'requestSha' | 'responseSha' | 'llm' | 'metrics' | 'sandboxStatus' | 'wallMs' | 'output' | 'errors' | 'facts'> &
  Partial<Pick<StoredCall, 'sourceSha' | 'requestSha' | 'responseSha' | 'llm' | 'metrics' | 'sandboxStatus' | 'wallMs' | 'output' | 'errors' | 'facts'>>;

export interface StoredCall {
  idx: number;
  phase: string;
  input: Record<string, unknown>;
  sourceSha: string | null;
  requestSha: string | null;
  responseSha: string | null;
  llm: Record<string, unknown> | null;
  status: string;
  score: number | null;
  metrics: Record<string, unknown> | null;
  sandboxStatus: string | null;
  wallMs: number | null;
  output: string | null;
  errors: string | null;
  facts: Record<string, unknown> | null;
  createdAt: string;
}

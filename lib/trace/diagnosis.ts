// Issue 13 ("Why it stalled"): plateaus, the eval agent's diagnoses (seed 001, "Evolving
// Evaluation"), auxiliary metrics and agent candidates. Pure types shared by lib/diagnosis/*,
// lib/analysis/plateaus.ts, the importers, the worker's experiment runners ('diagnose', 'aux'),
// the API and the pages. Storage: `diagnoses` (one row per trigger, imported or written by the
// job; report = DiagnosisReport) and `aux_metric_values` (one row per diagnosis and program).
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Plateaus (item 1)

/** The seed's K: no improvement in K generations makes a plateau (settable; 5 as in the seed). */
export const DEFAULT_PLATEAU_K = 5;

export interface Plateau {
  /** First and last generation of the plateau (inclusive), on the run's generation axis. */
  startGeneration: number;
  endGeneration: number;
  /** endGeneration - startGeneration + 1. */
  length: number;
  /** The best-so-far score held during the plateau. */
  bestScore: number;
  /** Budget spent inside it: programs evaluated, and LLM cost / tokens where the run has them. */
  programs: number;
  cost: number | null;
  tokens: number | null;
  /** True when the run ended while still on it. */
  open: boolean;
}

// ---------------------------------------------------------------------------------------------
// The diagnostic report (item 3, the seed's "Hypothesis / Experiment / Verdict / Direction")

export const REPORT_PARTS = ['hypothesis', 'experiment', 'verdict', 'direction'] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];

/**
 * A measured claim in the report: a number the report states and the tool call that produced it.
 * The job links each number of the report to the tool result it appears in; a number found in no
 * tool result stays unlinked (toolCallIdx null) and is shown as unverified.
 */
export const claimSchema = z.object({
  part: z.enum(REPORT_PARTS),
  /** The sentence of the report holding the number. */
  text: z.string().max(2000),
  /** The number as written ("8800", "1.4", "4500 ms"). */
  value: z.string().max(100),
  /** experiment_calls.idx of the tool call whose result holds it, or null. */
  toolCallIdx: z.number().int().min(0).nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

/** What the lineage tried since the previous trigger (the seed's Problem 4: a change log). */
export const changeLogEntrySchema = z.object({
  programId: z.string(),
  externalId: z.string(),
  generation: z.number().int().nullable(),
  /** Taxonomy edit types of the parent-to-child edit, when classified. */
  editTypes: z.array(z.string()),
  /** score - parent's score (null when either is missing). */
  delta: z.number().nullable(),
  /** The edit re-adds lines an ancestor deleted (cycling). */
  cycling: z.boolean(),
  summary: z.string().max(500).nullable(),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;

export const trivialMetricSchema = z.object({
  name: z.string(),
  /** Spearman rank correlation with the primary score over the programs that have both. */
  rho: z.number().nullable(),
  /** Programs with the same primary result and different values of the metric. */
  disagreements: z.number().int(),
  n: z.number().int(),
  /** A function of the primary result alone: it adds no information (the seed's Trivial Metric Test). */
  trivial: z.boolean(),
  why: z.string(),
});
export type TrivialMetric = z.infer<typeof trivialMetricSchema>;

export const diagnosisReportSchema = z.object({
  hypothesis: z.string(),
  experiment: z.string(),
  verdict: z.string(),
  direction: z.string(),
  claims: z.array(claimSchema).default([]),
  /** Names of the metrics auxiliary_metrics.py returns (imported: the keys found; job: from its run). */
  auxMetricNames: z.array(z.string()).default([]),
  /** Filled once the aux metrics have run over the run's programs. */
  trivialMetrics: z.array(trivialMetricSchema).default([]),
  changeLog: z.array(changeLogEntrySchema).default([]),
  /** The job's bounds and what stopped it (null: the agent finished by itself). */
  bounds: z
    .object({
      toolCalls: z.number().int(),
      maxToolCalls: z.number().int(),
      tokens: z.number().int(),
      maxTokens: z.number().int(),
      stoppedBy: z.enum(['tool-calls', 'tokens', 'time', 'no-report']).nullable(),
    })
    .nullable()
    .default(null),
  /** The agent candidate, evaluated in the sandbox, against the plateau's best. */
  agentCandidate: z
    .object({
      status: z.string(),
      score: z.number().nullable(),
      bestScore: z.number().nullable(),
      /** score - bestScore in the run's better direction (positive: the candidate is better). */
      gain: z.number().nullable(),
      programId: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /** Parts the source or the agent did not give, and why ("no auxiliary_metrics.py in trigger 3"). */
  missing: z.array(z.string()).default([]),
});
export type DiagnosisReport = z.infer<typeof diagnosisReportSchema>;

// ---------------------------------------------------------------------------------------------
// Experiment params (experiments.kind 'diagnose' and 'aux'; programId = the program diagnosed)

export const diagnoseParamsSchema = z.object({
  /** Diagnose the best program up to this generation (default: the run's last). */
  atGeneration: z.number().int().min(0).optional(),
  /** Plateau K (for the change log window and the score history shown). */
  k: z.number().int().min(1).max(1000).default(DEFAULT_PLATEAU_K),
  /** Bounds: tool calls and total tokens (prompt + completion) across the conversation. */
  maxToolCalls: z.number().int().min(1).max(100).default(12),
  maxTokens: z.number().int().min(1000).max(2_000_000).default(60_000),
  /** Ask for an auxiliary_metrics.py and run it on every program afterwards. */
  auxMetrics: z.boolean().default(true),
  /** Ask for an agent candidate and evaluate it against the plateau's best. */
  agentCandidate: z.boolean().default(true),
});
export type DiagnoseParams = z.infer<typeof diagnoseParamsSchema>;

export const auxParamsSchema = z.object({
  diagnosisId: z.string().uuid(),
  /** Per-program wall-clock limit of the aux script (seconds). */
  timeoutSeconds: z.number().min(1).max(600).default(30),
});
export type AuxParams = z.infer<typeof auxParamsSchema>;

// ---------------------------------------------------------------------------------------------
// The agent's tools (OpenAI-compatible function calling). experiment_calls rows of a 'diagnose'
// experiment: phase 'llm' (one exchange: requestSha/responseSha, llm usage) or 'tool:<name>'
// (input = the arguments, output = the result text shown to the agent, status/sandboxStatus/
// wallMs of the sandbox run, facts = structured result).

export const DIAGNOSIS_TOOLS = ['run_program', 'compile_program', 'evaluate_program', 'read_test_results'] as const;
export type DiagnosisToolName = (typeof DIAGNOSIS_TOOLS)[number];

/** What the API returns for a diagnosis (GET /api/runs/:runId/diagnoses and .../:id). */
export interface DiagnosisView {
  id: string;
  runId: string;
  origin: 'imported' | 'evoscope';
  experimentId: string | null;
  triggerGeneration: number;
  programId: string | null;
  programExternalId: string | null;
  reportMd: string;
  report: DiagnosisReport;
  auxScriptSha: string | null;
  agentCandidateSha: string | null;
  agentCandidateProgramId: string | null;
  createdAt: string;
}

/** experiments.result of a 'diagnose' experiment: where its diagnosis is, and the report so far. */
export interface DiagnoseExperimentReport {
  kind: 'diagnose';
  /** diagnoses.id once stored (the report is the diagnosis's). */
  diagnosisId: string | null;
  /** The plateau's best program that was diagnosed, and the trigger generation. */
  triggerGeneration: number;
  toolCalls: number;
  tokens: number;
  stoppedBy: 'tool-calls' | 'tokens' | 'time' | 'no-report' | null;
  /** An 'aux' experiment queued to run the script over the run's programs, when one was written. */
  auxExperimentId: string | null;
}

/** experiments.result of an 'aux' experiment: programs run and the trivial metric test. */
export interface AuxExperimentReport {
  kind: 'aux';
  diagnosisId: string;
  programs: number;
  ok: number;
  failed: number;
  metricNames: string[];
  trivialMetrics: TrivialMetric[];
}

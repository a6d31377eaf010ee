// The unified trace model (EvoTrace, paper appendix A.1): what every importer yields and
// what lib/db writes. Plain data, validated with zod at the importer boundary.
import { z } from 'zod';
import { int4, storableJson, storableName } from './pgSafe';
import type { SearchStateInput } from './searchState';
import { diagnosisReportSchema } from '../diagnosis/types';

const json = z.unknown();

/** One parent link of a program. Crossover children list several, in order. */
export const parentRefSchema = z.object({
  externalId: storableName(z.string().min(1)),
  operator: z.string().nullish(),
});

/** Evaluator output for one program. */
export const evaluationRecordSchema = z.object({
  status: z.string().default('ok'),
  output: z.string().nullish(),
  errors: z.string().nullish(),
  timingMs: z.number().finite().nullish(),
  publicMetrics: json.optional(),
  privateMetrics: json.optional(),
  artifacts: json.optional(),
  feedback: z.string().nullish(),
});

/** What the LLM saw and answered when it produced a program. */
export const contextRecordSchema = z.object({
  kind: z.string().nullish(),
  system: z.string().nullish(),
  user: z.string().nullish(),
  response: z.string().nullish(),
  model: z.string().nullish(),
  promptTokens: int4().nullish(),
  completionTokens: int4().nullish(),
  cost: z.number().finite().nullish(),
  extra: json.optional(),
});

export const programRecordSchema = z.object({
  /** The id the source gave the program; unique within a run. */
  externalId: storableName(z.string().min(1)),
  code: z.string(),
  language: z.string().nullish(),
  iteration: int4().nullish(),
  generation: int4().nullish(),
  /** Seconds since the epoch. */
  timestamp: z.number().finite().nullish(),
  island: int4().nullish(),
  valid: z.boolean(),
  /**
   * False for a program the evaluator never ran on (Shinka gen_N without any results): it is
   * then also valid=false, so every valid-only measure leaves it out, but it is shown as
   * "not evaluated", never as invalid. See programStatus().
   */
  evaluated: z.boolean().default(true),
  invalidReason: z.string().nullish(),
  /** Primary score when it is a finite number; null otherwise. */
  score: z.number().finite().nullish(),
  metrics: storableJson('metrics', z.record(z.string(), json)).default({}),
  metadata: storableJson('metadata', json).optional(),
  isMigrant: z.boolean().default(false),
  /** FunSearch-style per-test scores (test key -> score): what clusters group by (issue 12). */
  scoresPerTest: storableJson('scoresPerTest', z.record(z.string(), json)).nullish(),
  /** A hash of the program's outputs (the seed's dedup key): equal hashes = behavioural duplicates. */
  outputHash: z.string().max(200).nullish(),
  parents: z.array(parentRefSchema).default([]),
  evaluation: evaluationRecordSchema.nullish(),
  contexts: z.array(contextRecordSchema).default([]),
});

export const replayEnvironmentSchema = z.object({
  evaluatorCommand: z.string().nullish(),
  /** file name -> file content */
  files: z.record(z.string(), z.string()).default({}),
  dependencies: json.optional(),
  timeoutSeconds: z.number().finite().nullish(),
  notes: z.string().nullish(),
});

export const runRecordSchema = z.object({
  name: z.string().min(1),
  framework: z.string().min(1),
  task: z.string().nullish(),
  language: z.string().nullish(),
  modelConfig: storableJson('modelConfig', json).optional(),
  evaluatorCommand: z.string().nullish(),
  budget: storableJson('budget', json).optional(),
  config: storableJson('config', json).optional(),
  meta: storableJson('meta', json).optional(),
  scoreMetric: z.string().nullish(),
  higherIsBetter: z.boolean().default(true),
  sourceKind: z.string().default('directory'),
  sourcePath: z.string().nullish(),
  replay: replayEnvironmentSchema.nullish(),
});

/**
 * One trigger of the eval agent found with the run (issue 13; layout in lib/importers/README.md):
 * its report (raw and parsed), the auxiliary_metrics.py in force from it on, the agent candidate,
 * and the aux values of the programs the script ran on. Programs are named by externalId.
 */
export const diagnosisRecordSchema = z.object({
  /** The generation the agent was triggered at (its script is in force from this one on). */
  triggerGeneration: int4().min(0),
  /** The program diagnosed (the best since the previous trigger), when known. */
  programExternalId: storableName(z.string().min(1)).nullish(),
  reportMd: z.string(),
  report: diagnosisReportSchema,
  auxScript: z.string().nullish(),
  agentCandidateCode: z.string().nullish(),
  /** The candidate as a program of the run (it competed in the pool), when found. */
  agentCandidateExternalId: storableName(z.string().min(1)).nullish(),
  auxValues: z
    .array(z.object({ externalId: storableName(z.string().min(1)), values: z.record(z.string(), z.number().finite()) }))
    .default([]),
});
export type DiagnosisRecord = z.input<typeof diagnosisRecordSchema>;

/** valid, invalid (evaluated and failed), or not_evaluated (never ran). */
export type ProgramStatus = 'valid' | 'invalid' | 'not_evaluated';
export function programStatus(p: { valid: boolean; evaluated?: boolean | null }): ProgramStatus {
  if (p.evaluated === false) return 'not_evaluated';
  return p.valid ? 'valid' : 'invalid';
}

export type ParentRef = z.infer<typeof parentRefSchema>;
export type EvaluationRecord = z.infer<typeof evaluationRecordSchema>;
export type ContextRecord = z.infer<typeof contextRecordSchema>;
export type ProgramRecord = z.input<typeof programRecordSchema>;
export type ReplayEnvironmentRecord = z.input<typeof replayEnvironmentSchema>;
export type RunRecord = z.input<typeof runRecordSchema>;

/** A warning for the run's import report, e.g. "lineage unknown for 3 programs". */
export interface ImportWarning {
  code: string;
  message: string;
  /** File (relative to the import root) the warning concerns, when there is one. */
  file?: string;
  count?: number;
}

/** What an importer produces for one run found in the input. */
export interface ImportedRun {
  run: RunRecord;
  /** Programs in any order; the writer assigns the canonical order (seq). */
  programs: ProgramRecord[];
  warnings: ImportWarning[];
  /** Counters for the report: files read, checkpoints merged, ... */
  stats: Record<string, number>;
  /**
   * The evaluator found beside the run in what was imported (lib/evaluators/discover.ts),
   * attached at import with origin 'archive' (lib/db/importRun.ts).
   */
  evaluator?: ArchiveEvaluatorRecord;
  /** The search's own state (programs database: islands, clusters, resets, counters, costs), lib/trace/searchState.ts. */
  searchState?: SearchStateInput;
  /** The eval agent's triggers (reports, aux scripts and values, agent candidates), when the run has them. */
  diagnoses?: DiagnosisRecord[];
  /**
   * Set by importers that stream (ReadOptions.streamPrograms): `programs` are then light records
   * (every field the writer needs for order, lineage, validity and the run's summary, but code ''
   * and no contexts, artifacts or heavy metadata) and this reads the full records of the given
   * programs, in that order. The writer calls it a batch at a time inside its transaction.
   */
  loadPrograms?: (externalIds: readonly string[]) => Promise<ProgramRecord[]>;
}

export interface ArchiveEvaluatorRecord {
  contract: 'openevolve' | 'shinka';
  entry: string;
  programFile: string;
  files: Record<string, Buffer>;
  timeoutSeconds: number;
  /** OpenEvolve's cascade as the run's config set it, when it said anything. */
  cascade?: { enabled: boolean; thresholds: number[] };
  /** The evaluator's folder inside what was imported, for the import report. */
  dir: string;
}

/** An error in the input that makes an import fail; names the file (and line) at fault. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file ? `${file}${line ? `:${line}` : ''}: ${message}` : message);
    this.name = 'ImportError';
  }
}

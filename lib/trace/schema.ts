// The unified trace model (EvoTrace, paper appendix A.1): what every importer yields and
// what lib/db writes. Plain data, validated with zod at the importer boundary.
import { z } from 'zod';
import { int4, storableJson, storableName } from './pgSafe';
import type { SearchStateInput } from './searchState';
import { diagnosisReportSchema } from './diagnosis';

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

/**
 * Who made a program (issue 22 item 6), in one place for every format so analyses can group by
 * it: the LLM model, the mutation operator (SkyDiscover's parent_info label such as diverge /
 * refine / crossover, ShinkaEvolve's patch_type, OpenEvolve's prompt template, GEPA's
 * reflective_mutation / merge), the tokens and the cost of the call(s) that produced it.
 * Fields a source does not record stay null: never invented.
 */
export const programOriginSchema = z.object({
  model: z.string().max(300).nullish(),
  operator: z.string().max(300).nullish(),
  promptTokens: z.number().finite().min(0).nullish(),
  completionTokens: z.number().finite().min(0).nullish(),
  /** In the source's currency (USD for every framework read today). */
  cost: z.number().finite().nullish(),
});
export type ProgramOrigin = z.infer<typeof programOriginSchema>;

/** A program shown to the LLM as context (not a parent): SkyDiscover's other_context_ids / context_info. */
export const contextRefSchema = z.object({
  externalId: storableName(z.string().min(1)),
  /** The source's word for the role, e.g. 'inspiration', 'top', 'diverse'. */
  label: z.string().max(300).nullish(),
});
export type ContextRef = z.infer<typeof contextRefSchema>;

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
  /** Programs shown as context when this one was made (stored apart from parents: not lineage). */
  contextRefs: z.array(contextRefSchema).default([]),
  /** Who made it (model, operator, tokens, cost). */
  origin: programOriginSchema.nullish(),
  /**
   * Proposed and rejected by the search (GEPA's rejection_history, a failed acceptance test):
   * kept as a program, but valid=false so every valid-only measure leaves it out; the lineage
   * shows it on demand. See programStatus().
   */
  rejected: z.boolean().default(false),
  /**
   * A candidate made of named text components (GEPA: component name -> text). `code` is then
   * componentsText(components) (lib/trace/components.ts): each component under a header line,
   * in a stable order, so diffs and every analysis that needs one text see all of them.
   */
  components: storableJson('components', z.record(z.string(), z.string())).nullish(),
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

/**
 * One co-evolved search strategy of an EvoX run (SkyDiscover `search/iteration_N/`): a second
 * population that evolves beside the solutions. Stored per run, shown as a timeline.
 */
export const strategyRecordSchema = z.object({
  /** N of search/iteration_N (the strategy's own generation). */
  iteration: int4().min(0),
  code: z.string(),
  /** The strategy's score as EvoX recorded it. */
  score: z.number().finite().nullish(),
  isNewBest: z.boolean().nullish(),
  /** True when EvoX fell back to an earlier strategy (the new one failed). */
  fallback: z.boolean().nullish(),
  /** The solution iterations over which this strategy was the active one, when recorded. */
  activeFrom: int4().nullish(),
  activeTo: int4().nullish(),
  /** The rest of metadata.json (database statistics before and after, ...), verbatim. */
  metadata: storableJson('strategy metadata', json).optional(),
  prompts: storableJson('strategy prompts', json).optional(),
  failedAttempts: storableJson('strategy failed attempts', json).optional(),
});
export type StrategyRecord = z.input<typeof strategyRecordSchema>;

/** valid, invalid (evaluated and failed), not_evaluated (never ran) or rejected (by the search). */
export type ProgramStatus = 'valid' | 'invalid' | 'not_evaluated' | 'rejected';
export function programStatus(p: { valid: boolean; evaluated?: boolean | null; rejected?: boolean | null }): ProgramStatus {
  if (p.rejected) return 'rejected';
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
   * The evaluator found beside the run in what was imported (lib/sandbox/evaluators/discover.ts),
   * attached at import with origin 'archive' (lib/db/prepareImportedRun.ts).
   */
  evaluator?: ArchiveEvaluatorRecord;
  /** The search's own state (programs database: islands, clusters, resets, counters, costs), lib/trace/searchState.ts. */
  searchState?: SearchStateInput;
  /** The eval agent's triggers (reports, aux scripts and values, agent candidates), when the run has them. */
  diagnoses?: DiagnosisRecord[];
  /** EvoX's co-evolved search strategies (SkyDiscover search/iteration_N), when the run has them. */
  strategies?: StrategyRecord[];
  /**
   * Set by importers that stream (ReadOptions.streamPrograms): `programs` are then light records
   * (every field the writer needs for order, lineage, validity (`rejected` included: the writer
   * checks that the full record agrees) and the run's summary, but code ''
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

// Input of the line-level analyses (cycling, cycle classes, edit composition). Plain data: the
// worker builds it from the database, tests and the CLI from importer records.

/**
 * One program of a run as the line-level analyses see it.
 * `id` and `parentIds` are the source's external ids; a parent may name a program that is not in
 * the run. `iteration` is the raw iteration the source wrote (OpenEvolve island migrants carry 0),
 * `seq` is Evoscope's canonical order (iteration, then timestamp, then id; lib/trace/order.ts).
 */
export interface AnalysisProgram {
  id: string;
  parentIds: string[];
  iteration: number | null;
  timestamp: number | null;
  seq: number;
  code: string;
  valid: boolean;
  /** Evoscope's primary score: finite and not a failure sentinel, else null. */
  score: number | null;
  language: string | null;
  /**
   * The primary metric exactly as the source wrote it (`metrics.combined_score`; may be NaN,
   * +-Infinity or a failure sentinel such as -1000). Read only by definitions 'evoreplay', which
   * counts score ups and downs on these raw numbers; falls back to `score` when undefined.
   */
  rawScore?: number | null;
}

/**
 * Which definition set the line-level analyses use.
 * 'evoreplay' reproduces EvoReplay (commit 1773db1) exactly, quirks included;
 * 'default' is Evoscope's corrected variant (see lib/analysis/README.md for the differences).
 */
export type Definitions = 'default' | 'evoreplay';

/**
 * Where an earlier removal may come from for an addition to count as recycled.
 * 'run': any edit at a strictly earlier iteration anywhere in the run (EvoReplay's detect_cycling);
 * 'lineage': only edits whose child is an ancestor of the adding child, through any parent.
 */
export type CyclingScope = 'run' | 'lineage';

/** Edit-composition buckets, from the share of changed code lines that are numeric retunes. */
export type CompositionBucket =
  | 'pure_tuning'
  | 'mostly_tuning'
  | 'mixed'
  | 'mostly_structural'
  | 'pure_structural';

export const COMPOSITION_BUCKETS: readonly CompositionBucket[] = [
  'pure_tuning',
  'mostly_tuning',
  'mixed',
  'mostly_structural',
  'pure_structural',
];

/** Classes of a recycled addition. */
export type CycleClass = 'literal' | 'tuning' | 'trivial';

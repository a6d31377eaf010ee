// Shared shapes of the edit taxonomy (issue 9). Pure: no database, no React.
import type { EditLabel } from './editLabels';

/** The changed lines that drove one label: child line numbers added, parent line numbers removed (1-based). */
export interface LineEvidence {
  added: number[];
  removed: number[];
}

export type LabelEvidence = Partial<Record<EditLabel, LineEvidence>>;

/** What any judge (offline, LLM, human) says about one edit. */
export interface Judgement {
  labels: EditLabel[];
  /** One line. */
  rationale: string;
  evidence: LabelEvidence;
}

/** The offline judge's version: part of its judge key, bumped whenever its rules change. */
export const OFFLINE_JUDGE_VERSION = 2;
export const OFFLINE_JUDGE_KEY = `offline@${OFFLINE_JUDGE_VERSION}`;

/** The LLM rubric's version: part of the LLM judge key and of the cache key; bump on any prompt change. */
export const RUBRIC_VERSION = 'rubric-1';

export const llmJudgeKey = (model: string, rubricVersion: string = RUBRIC_VERSION) => `llm:${model}@${rubricVersion}`;

/** One labelled edit with what the statistics need (lib/analysis/taxonomy/stats.ts). */
export interface LabelledEdit {
  childId: string;
  parentId: string;
  labels: readonly EditLabel[];
  /** Valid (finite, non-sentinel) scores, else null: such edits are left out of the odds ratios and counted. */
  parentScore: number | null;
  childScore: number | null;
  /** Normalised position of the child in the run, 0..1 (for the four stages). */
  progress: number;
  /** The child strictly improved the run's best so far. */
  bestSoFar: boolean;
  /** The child is on the final best program's lineage (the final best included). */
  finalLineage: boolean;
}

/** Per-label figures, as the CLI's --json prints them. */
export interface LabelStats {
  label: EditLabel;
  /** Edits carrying the label. */
  count: number;
  /** count / all edits. */
  prevalence: number;
  /** Share of the label's scored edits with a positive normalised score change. */
  positiveRate: number | null;
  /** Haldane-Anscombe corrected: (a+.5)(d+.5) / ((b+.5)(c+.5)). */
  oddsRatio: number | null;
  /** Woolf 95 % interval on the corrected counts. */
  ciLow: number | null;
  ciHigh: number | null;
  /** Fisher's exact test, two-sided, on the uncorrected table. */
  fisherP: number | null;
  /** Contingency table: a present&positive, b present&not, c absent&positive, d absent&not. */
  table: { a: number; b: number; c: number; d: number };
  /** Share among best-so-far updates / share among all edits (null when undefined). */
  enrichmentBestSoFar: number | null;
  /** Share along the final best's lineage / share among all edits. */
  enrichmentFinalLineage: number | null;
}

export interface TaxonomyStats {
  edits: number;
  /** Edits left out of the odds ratios: parent or child without a valid score. */
  unscored: number;
  /** The run's score scale: p95 of |score| over the run, at least 1 (EvoReplay). Pooled over several runs: 1 (see runScales). */
  scoreScale: number;
  /** Each pooled run's own score scale (one entry for a single run). */
  runScales: number[];
  bestSoFarEdits: number;
  finalLineageEdits: number;
  labels: LabelStats[];
  /** Label mix per stage of normalised iteration (four stages): count per label and edits in the stage. */
  stages: { from: number; to: number; edits: number; counts: Record<EditLabel, number> }[];
  /** Common multi-label compounds, most frequent first: the label set and its count. */
  compounds: { labels: EditLabel[]; count: number }[];
  /** Symmetric co-occurrence matrix in EDIT_LABELS order: edits carrying both labels (diagonal: the label's count). */
  cooccurrence: number[][];
}

/** Agreement between two labellings of the same edits (paper B.4). */
export interface AgreementReport {
  /** Edits present in both labellings. */
  n: number;
  exactMatch: number;
  meanJaccard: number;
  micro: { precision: number; recall: number; f1: number };
  macroF1: number;
  /** Average of the per-label kappas over the labels either side used. */
  macroKappa: number | null;
  perLabel: {
    label: EditLabel;
    /** Binary table: both, onlyA, onlyB, neither. */
    both: number;
    onlyA: number;
    onlyB: number;
    neither: number;
    precision: number | null;
    recall: number | null;
    f1: number | null;
    kappa: number | null;
  }[];
}

// Shapes of the analysis results the worker stores (table `analyses`) and the pages read.
// One definition here, shared by lib/analysis/runReport.ts (which builds them), the worker task
// run-analyses (which stores them), the API routes and the views.
import type { RunEditRow, RunSummary } from './analyzeRun';
import type { ComplexityBucket } from './complexitySeries';
import type { CompositionBucket, CycleClass, CyclingScope, Definitions } from '../contracts/analysisTypes';

/** Analysis kinds in the `analyses` table, with their params strings. */
export const ANALYSIS = {
  /** params: cyclingParams(definitions, scope) */
  cycling: 'cycling',
  /** params: cyclingParams(definitions, scope) */
  cyclingMarks: 'cycling-marks',
  /** params: '' */
  evolution: 'evolution',
  /** params: '' */
  lineage: 'lineage',
} as const;

export const cyclingParams = (definitions: Definitions, scope: CyclingScope) => `definitions=${definitions}&scope=${scope}`;

/** Bumped when a report's shape or definitions change: stale rows are recomputed. */
export const REPORT_VERSION = 2;

/** Cycling and edit composition of one run under one definition set and scope. */
export interface CyclingReport {
  definitions: Definitions;
  scope: CyclingScope;
  /** The definitions in words, for the UI to name what it shows. */
  definitionText: string;
  summary: RunSummary;
  /** Recycled share of added lines per iteration, with its least-squares slope. */
  trend: { slope: number; grows: boolean; points: { iteration: number; added: number; recycled: number; share: number }[] };
  /** Iterations between a line's removal and its re-introduction. */
  spanHistogram: { from: number; to: number; count: number }[];
  /** The most cycled lines (by re-additions), each with its full remove/re-add history. */
  topLines: {
    line: string;
    /** Edits that re-added the line (additions paired with an earlier removal; an edit adding it twice counts once). */
    readditions: number;
    spans: number[];
    /** `recycled` on an addition: it re-added an earlier removal (false: a first addition). */
    history: { kind: 'removed' | 'added'; childId: string; iteration: number; recycled?: boolean }[];
  }[];
  /** Edit-composition buckets per iteration bucket. */
  compositionOverTime: { from: number; to: number; counts: Record<CompositionBucket, number>; none: number }[];
  edits: RunEditRow[];
}

/** For the diff page: the lines each child re-added, and where and when they had been removed. */
export interface CyclingMarks {
  definitions: Definitions;
  scope: CyclingScope;
  byChild: Record<
    string,
    { line: string; class: CycleClass; removedBy: string; removedIteration: number; addedIteration: number }[]
  >;
}

/** Program complexity and lineage shape over the run (the evolution page). */
export interface EvolutionReport {
  complexity: { bucketSize: number; buckets: ComplexityBucket[]; parseErrors: number; programs: number };
  lineage: LineageSummary;
}

export interface LineageSummary {
  finalBestId: string | null;
  /** Nodes on the first-parent chain from the final best's root to it, both ends counted. */
  finalBestDepth: number | null;
  /** Share of programs that are neither the final best nor one of its ancestors (any parent). */
  deadBranchShare: number | null;
  /** Programs per depth (depth of a program: nodes on its first-parent chain to a root, both ends counted). */
  depthHistogram: { depth: number; count: number }[];
}

/** Per-program lineage facts for the lineage explorer, aligned with programs ordered by seq. */
export interface LineageReport extends LineageSummary {
  /** External ids in seq order (the alignment key of the arrays below). */
  ids: string[];
  depth: number[];
  /** 1 when the program is the final best or one of its ancestors. */
  onBestAncestry: number[];
  /** 1 when the program is a best-so-far point. */
  bestSoFar: number[];
  /** Recycled share of the lines its edit added (default definitions, lineage scope); null without an edit or added lines. */
  recycledShare: (number | null)[];
}

// One call for the worker and the CLI: every line-level measure of a run from one shared edit
// table (so each parent->child diff is computed once), plus the lineage figures of section 5.1.
import { bestSoFar } from './bestSoFar';
import { classifyCycles, type ClassifyCyclesSummary } from './classifyCycles';
import { classifyEdits } from './classifyEdits';
import { detectCycling, type CyclingSummary } from './cycling';
import { asPrepared, prepareRun, type PreparedRun } from './editTable';
import type { AnalysisProgram, CompositionBucket, CyclingScope, Definitions } from '../contracts/analysisTypes';

export interface AnalyzeRunOptions {
  definitions: Definitions;
  scope: CyclingScope;
  /** Direction of `score` for the best-so-far figures (default true). */
  higherIsBetter?: boolean;
}

export interface RunSummary {
  programs: number;
  editsAnalysed: number;
  cycleEvents: number;
  uniqueCycledLines: number;
  totalAdded: number;
  recycledAdded: number;
  totalRemoved: number;
  recycledRemoved: number;
  literal: number;
  tuning: number;
  trivial: number;
  composition: Record<CompositionBucket, number>;
  /** Strict best-so-far improvements (lib/analysis/bestSoFar.ts, canonical order, valid programs). */
  bestSoFarEvents: number;
  /** Programs on the first-parent chain from the final best's root to it, both ends counted. */
  finalBestLineageDepth: number | null;
  /** Share of programs that are neither the final best nor an ancestor of it (through any parent). */
  deadBranchShare: number | null;
  recycledShare: number | null;
  recycledShareSlope: number;
  recycledShareGrows: boolean;
  medianSpan: number | null;
  editsWithAddedLines: number;
  medianRecycleRatioEditsWithAdded: number | null;
  cycleSpanStats: ClassifyCyclesSummary['spanStats'];
  editsWithoutCodeLines: number;
  tuningLines: number;
  structuralLines: number;
  commentLines: number;
  nScoreUp: number;
  nScoreDown: number;
}

export interface RunEditRow {
  parentId: string;
  childId: string;
  iteration: number;
  added: number;
  recycledAdded: number;
  removed: number;
  recycledRemoved: number;
  bucket: CompositionBucket | null;
}

export interface RunAnalysis {
  summary: RunSummary;
  edits: RunEditRow[];
  trend: CyclingSummary['trend'];
  /** The full results behind the summary, for reports that need more than counts. */
  detail: {
    run: ReturnType<typeof prepareRun>;
    cycling: ReturnType<typeof detectCycling>;
    cycles: ReturnType<typeof classifyCycles>;
    composition: ReturnType<typeof classifyEdits>;
  };
}

/**
 * classifyEdits of a prepared run: it depends on neither scope nor score direction, so both
 * scopes' analyses of one prepared run share it (read-only) instead of classifying every edit twice.
 */
const compositions = new WeakMap<PreparedRun, ReturnType<typeof classifyEdits>>();

/** detectCycling, classifyCycles (same scope) and classifyEdits on one run, with lineage figures. */
export function analyzeRun(input: readonly AnalysisProgram[] | PreparedRun, opts: AnalyzeRunOptions): RunAnalysis {
  // A prepared run (diffs done) can be shared by both scopes of one definition set.
  const run = asPrepared(input, opts.definitions);
  const cyc = detectCycling(run, opts);
  const cls = classifyCycles(run, opts);
  let comp = compositions.get(run);
  if (!comp) compositions.set(run, (comp = classifyEdits(run, opts)));
  const lineage = lineageFigures(run.programs, run.position, run.ancestry, opts.higherIsBetter ?? true);
  const c = cyc.summary;
  const summary: RunSummary = {
    programs: run.programs.length,
    editsAnalysed: c.editsAnalysed,
    cycleEvents: c.cycleEvents,
    uniqueCycledLines: c.uniqueCycledLines,
    totalAdded: c.totalAdded,
    recycledAdded: c.recycledAdded,
    totalRemoved: c.totalRemoved,
    recycledRemoved: c.recycledRemoved,
    literal: cls.summary.eventsByClass.literal,
    tuning: cls.summary.eventsByClass.tuning,
    trivial: cls.summary.eventsByClass.trivial,
    composition: comp.summary.buckets,
    ...lineage,
    recycledShare: c.recycledShare,
    recycledShareSlope: c.trend.slope,
    recycledShareGrows: c.trend.grows,
    medianSpan: c.medianSpan,
    editsWithAddedLines: c.editsWithAddedLines,
    medianRecycleRatioEditsWithAdded: c.medianRecycleRatioEditsWithAdded,
    cycleSpanStats: cls.summary.spanStats,
    editsWithoutCodeLines: comp.summary.editsWithoutCodeLines,
    tuningLines: comp.summary.tuningLines,
    structuralLines: comp.summary.structuralLines,
    commentLines: comp.summary.commentLines,
    nScoreUp: comp.summary.nScoreUp,
    nScoreDown: comp.summary.nScoreDown,
  };
  const edits = cyc.edits.map((e, i) => ({
    parentId: e.parentId,
    childId: e.childId,
    iteration: e.iteration,
    added: e.added,
    recycledAdded: e.recycledAdded,
    removed: e.removed,
    recycledRemoved: e.recycledRemoved,
    bucket: comp.edits[i].bucket,
  }));
  return { summary, edits, trend: c.trend, detail: { run, cycling: cyc, cycles: cls, composition: comp } };
}

/** Best-so-far count, lineage depth of the final best and dead-branch share (Evoscope definitions in both sets). */
function lineageFigures(
  programs: readonly AnalysisProgram[],
  position: Map<string, number>,
  ancestry: ReturnType<typeof prepareRun>['ancestry'],
  higherIsBetter: boolean,
): Pick<RunSummary, 'bestSoFarEvents' | 'finalBestLineageDepth' | 'deadBranchShare'> {
  const bySeq = [...programs].sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let reached = 0;
  const scored = bySeq.map((p) => {
    if (p.iteration != null && p.iteration > reached) reached = p.iteration;
    return { seq: p.seq, iteration: reached, value: p.score, valid: p.valid, programId: p.id, externalId: p.id };
  });
  const bsf = bestSoFar(scored, 'score', higherIsBetter);
  const best = bsf.finalBest ? position.get(bsf.finalBest.programId) : undefined;
  if (best === undefined) return { bestSoFarEvents: bsf.points.length, finalBestLineageDepth: null, deadBranchShare: null };
  const alive = ancestry.ancestorsOf(best);
  alive.add(best);
  return {
    bestSoFarEvents: bsf.points.length,
    finalBestLineageDepth: ancestry.firstParentDepth(best),
    deadBranchShare: programs.length ? 1 - alive.size / programs.length : null,
  };
}

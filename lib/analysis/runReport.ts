// Builds the stored analysis reports of a run (shapes in reportTypes.ts) from plain programs.
// Pure: the worker feeds it rows from the database, the CLI feeds it importer records.
import { analyzeRun, type RunAnalysis } from './analyzeRun';
import type { Complexity } from './complexity';
import { complexitySeries } from './complexitySeries';
import { prepareRun, SharedDiffs } from './editTable';
import type { CyclingMarks, CyclingReport, EvolutionReport, LineageReport, LineageSummary } from './reportTypes';
import { COMPOSITION_BUCKETS, type AnalysisProgram, type CompositionBucket, type CyclingScope, type Definitions } from '../contracts/analysisTypes';

const TOP_LINES = 30;
const MAX_BUCKETS = 60;

export function definitionText(definitions: Definitions, scope: CyclingScope): string {
  const where =
    scope === 'lineage'
      ? 'removed earlier by an ancestor of the child (any parent)'
      : 'removed by any earlier edit anywhere in the run';
  const how =
    definitions === 'evoreplay'
      ? "EvoReplay-compatible definitions (difflib unified diff, EvoReplay's normalisation and filters, raw iteration order)"
      : "Evoscope's definitions (language-aware comment stripping, canonical order; see lib/analysis/README.md)";
  return `An added line is recycled when an identical normalised line was ${where}; ${how}.`;
}


function spanHistogram(spans: number[]) {
  if (!spans.length) return [];
  const max = spans.reduce((m, s) => Math.max(m, s), 0);
  const width = Math.max(1, Math.ceil((max + 1) / 20));
  const bins = new Map<number, number>();
  for (const s of spans) {
    const from = Math.floor(s / width) * width;
    bins.set(from, (bins.get(from) ?? 0) + 1);
  }
  return [...bins].sort((a, b) => a[0] - b[0]).map(([from, count]) => ({ from, to: from + width - 1, count }));
}

export function cyclingReport(a: RunAnalysis, definitions: Definitions, scope: CyclingScope): CyclingReport {
  const { cycling, composition } = a.detail;
  const spans = cycling.events.map((e) => e.span);
  // Re-additions of a line = its cycle events (additions paired with an earlier removal).
  const pairedAdds = new Map<string, Set<number>>();
  for (const e of cycling.events) {
    let set = pairedAdds.get(e.line);
    if (!set) pairedAdds.set(e.line, (set = new Set()));
    set.add(e.addedEdit);
  }
  const topLines = [...cycling.lines]
    .sort((x, y) => y.spans.length - x.spans.length || (x.line < y.line ? -1 : 1))
    .slice(0, TOP_LINES)
    .map((l) => ({
      line: l.line,
      readditions: l.spans.length,
      spans: l.spans,
      history: l.history.map((h) => ({
        kind: h.kind,
        childId: h.childId,
        iteration: h.iteration,
        ...(h.kind === 'added' ? { recycled: pairedAdds.get(l.line)?.has(h.edit) ?? false } : {}),
      })),
    }));
  const maxIt = composition.edits.reduce((m, e) => Math.max(m, e.iteration), 0);
  const size = Math.max(1, Math.ceil((maxIt + 1) / MAX_BUCKETS));
  const bucketOf = (it: number) => Math.floor(Math.max(0, it) / size) * size;
  const over = new Map<number, { counts: Record<CompositionBucket, number>; none: number }>();
  for (const e of composition.edits) {
    const from = bucketOf(e.iteration);
    let b = over.get(from);
    if (!b) over.set(from, (b = { counts: Object.fromEntries(COMPOSITION_BUCKETS.map((k) => [k, 0])) as Record<CompositionBucket, number>, none: 0 }));
    if (e.bucket) b.counts[e.bucket]++;
    else b.none++;
  }
  return {
    definitions,
    scope,
    definitionText: definitionText(definitions, scope),
    summary: a.summary,
    trend: a.trend,
    spanHistogram: spanHistogram(spans),
    topLines,
    compositionOverTime: [...over].sort((x, y) => x[0] - y[0]).map(([from, b]) => ({ from, to: from + size - 1, ...b })),
    edits: a.edits,
  };
}

export function cyclingMarks(a: RunAnalysis, definitions: Definitions, scope: CyclingScope): CyclingMarks {
  const { run, cycles } = a.detail;
  const byChild: CyclingMarks['byChild'] = {};
  for (const e of cycles.events) {
    const child = run.programs[run.edits[e.addedEdit].child].id;
    const removedBy = run.programs[run.edits[e.removedEdit].child].id;
    (byChild[child] ??= []).push({
      line: e.line,
      class: e.klass,
      removedBy,
      removedIteration: e.removedIteration,
      addedIteration: e.addedIteration,
    });
  }
  return { definitions, scope, byChild };
}

/** Depth of every program: nodes on its first-parent chain to a root, both ends counted. */
function depths(a: RunAnalysis): Map<string, number> {
  const { run } = a.detail;
  const depth = new Array<number>(run.programs.length).fill(0);
  const order = run.programs.map((_, i) => i);
  // Parents precede children in processing order, except for odd sources: resolve iteratively.
  const resolve = (i: number): number => {
    const chain: number[] = [];
    let cur = i;
    const seen = new Set<number>();
    while (depth[cur] === 0) {
      chain.push(cur);
      seen.add(cur);
      const parent = run.parents[cur][0];
      if (parent === undefined || seen.has(parent)) break;
      cur = parent;
    }
    let d = depth[cur] === 0 ? 0 : depth[cur];
    for (let k = chain.length - 1; k >= 0; k--) depth[chain[k]] = ++d;
    return depth[i];
  };
  for (const i of order) resolve(i);
  return new Map(run.programs.map((p, i) => [p.id, depth[i]]));
}

export function lineageReport(a: RunAnalysis, programsBySeq: readonly AnalysisProgram[], higherIsBetter: boolean): LineageReport {
  const { run } = a.detail;
  const depthOf = depths(a);
  // Best-so-far points and the final best, by the one definition in bestSoFar.ts (via analyzeRun's order).
  let best: AnalysisProgram | null = null;
  const bsf = new Set<string>();
  const better = (x: number, y: number) => (higherIsBetter ? x > y : x < y);
  for (const p of programsBySeq) {
    if (!p.valid || p.score == null || !Number.isFinite(p.score)) continue;
    if (!best || better(p.score, best.score!)) {
      best = p;
      bsf.add(p.id);
    }
  }
  const alive = new Set<string>();
  if (best) {
    const pos = run.position.get(best.id)!;
    for (const anc of run.ancestry.ancestorsOf(pos)) alive.add(run.programs[anc].id);
    alive.add(best.id);
  }
  const recycled = new Map(a.edits.map((e) => [e.childId, e.added ? e.recycledAdded / e.added : null]));
  const histogram = new Map<number, number>();
  for (const d of depthOf.values()) histogram.set(d, (histogram.get(d) ?? 0) + 1);
  const summary: LineageSummary = {
    finalBestId: best?.id ?? null,
    finalBestDepth: a.summary.finalBestLineageDepth,
    deadBranchShare: a.summary.deadBranchShare,
    depthHistogram: [...histogram].sort((x, y) => x[0] - y[0]).map(([depth, count]) => ({ depth, count })),
  };
  return {
    ...summary,
    ids: programsBySeq.map((p) => p.id),
    depth: programsBySeq.map((p) => depthOf.get(p.id) ?? 1),
    onBestAncestry: programsBySeq.map((p) => (alive.has(p.id) ? 1 : 0)),
    bestSoFar: programsBySeq.map((p) => (bsf.has(p.id) ? 1 : 0)),
    recycledShare: programsBySeq.map((p) => recycled.get(p.id) ?? null),
  };
}

/** Complexities measured beforehand (lib/db/complexityCache.ts), and each program's key in them. */
export interface KnownComplexities {
  cache: Map<string, Complexity>;
  keyOf: (p: AnalysisProgram) => string;
}

export function evolutionReport(
  programsBySeq: readonly AnalysisProgram[],
  effectiveIteration: (p: AnalysisProgram) => number,
  lineage: LineageSummary,
  known?: KnownComplexities,
): EvolutionReport {
  const series = complexitySeries(
    programsBySeq.map((p) => ({
      seq: p.seq,
      iteration: effectiveIteration(p),
      code: p.code,
      language: p.language,
      valid: p.valid,
      cacheKey: known?.keyOf(p),
    })),
    { cache: known?.cache },
  );
  return {
    complexity: {
      bucketSize: series.bucketSize,
      buckets: series.buckets,
      parseErrors: series.rows.filter((r) => r.parseErrors).length,
      programs: series.rows.length,
    },
    lineage,
  };
}

export interface RunReports {
  cycling: { definitions: Definitions; scope: CyclingScope; report: CyclingReport; marks: CyclingMarks }[];
  lineage: LineageReport;
  evolution: EvolutionReport;
}

/** Passes of cyclingPasses: per definition set, its diffs, then one analysis per scope. */
export const CYCLING_PASSES = 6;

/**
 * The cycling reports (both definition sets, both scopes) and the lineage report, one pass at a
 * time: the generator yields the name of each pass before running it, so a caller can let other
 * work in (the worker writes progress and takes the complexity threads' results between passes).
 */
export function* cyclingPasses(
  programs: readonly AnalysisProgram[],
  higherIsBetter: boolean,
): Generator<string, Pick<RunReports, 'cycling' | 'lineage'>, void> {
  const cycling: RunReports['cycling'] = [];
  let lineage: LineageReport | null = null;
  // Lines and diffs of each parent->child pair, computed in the first diff pass, reused in the second.
  const shared = new SharedDiffs();
  for (const definitions of ['default', 'evoreplay'] as const) {
    yield `diffs (${definitions} definitions)`;
    const prepared = prepareRun(programs, definitions, shared);
    for (const scope of ['lineage', 'run'] as const) {
      yield `cycling ${definitions}/${scope}`;
      const a = analyzeRun(prepared, { definitions, scope, higherIsBetter });
      cycling.push({ definitions, scope, report: cyclingReport(a, definitions, scope), marks: cyclingMarks(a, definitions, scope) });
      if (definitions === 'default' && scope === 'lineage') lineage = lineageReport(a, programs, higherIsBetter);
    }
  }
  return { cycling, lineage: lineage! };
}

/**
 * Every stored report of a run, sequentially on this thread: the reference the worker's split
 * job (lib/services/analyses/runAnalyses.ts) must match. `programs` in seq order; parsers must be initialised.
 */
export function buildRunReports(
  programs: readonly AnalysisProgram[],
  opts: {
    higherIsBetter: boolean;
    effectiveIteration: (p: AnalysisProgram) => number;
    onStep?: (step: string) => void;
    /** Complexities already measured; others are measured here, on this thread. */
    complexity?: KnownComplexities;
  },
): RunReports {
  const passes = cyclingPasses(programs, opts.higherIsBetter);
  let next = passes.next();
  for (; !next.done; next = passes.next()) opts.onStep?.(next.value);
  const { cycling, lineage } = next.value;
  opts.onStep?.('complexity');
  const evolution = evolutionReport(programs, opts.effectiveIteration, lineage, opts.complexity);
  return { cycling, lineage, evolution };
}

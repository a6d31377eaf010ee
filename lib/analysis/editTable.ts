// The per-edit table every line-level measure reads: which edits exist, in which order they are
// processed, at which iteration, and the normalised lines each adds and removes. Built once per
// run and definition set (the diff is the only per-edit cost), then shared by detectCycling,
// classifyCycles and classifyEdits.
//
// Differences between the definition sets (see README.md):
//  - Order. 'evoreplay' processes programs by raw iteration (null as 0, so island migrants with
//    iteration 0 come first), ties by id in ascending order, as EvoReplay does. 'default'
//    processes them in Evoscope's canonical order (seq), and an edit's iteration is the largest
//    raw iteration seen so far in that order, so a migrant sits where it appeared in the run.
//  - Parent. 'evoreplay' diffs a child against its first listed parent only, and makes no edit
//    when that parent is not in the run. 'default' uses the first listed parent that is in the
//    run (and not the child itself). Both skip edits where either program has empty code.
import { Ancestry } from './ancestry';
import { commentStyle } from './comments';
import { type ChangedLines, LineTable, changedLineIds } from './lineDiff';
import { lineEditsOfIds } from './lineEdits';
import type { AnalysisProgram, Definitions } from '../contracts/analysisTypes';

/** One parent->child edit. */
export interface PreparedEdit {
  /** Position in processing order. */
  index: number;
  /** Positions in PreparedRun.programs. */
  parent: number;
  child: number;
  /** The iteration the edit happened at, as the definition set sees it. */
  iteration: number;
  /** Normalised, filtered lines (lineEdits), in diff order. */
  removed: string[];
  added: string[];
}

export interface PreparedRun {
  definitions: Definitions;
  /** The programs in processing order. */
  programs: readonly AnalysisProgram[];
  /** Program id -> position in `programs` (first occurrence of an id). */
  position: Map<string, number>;
  /** Per program position: positions of its in-run parents, first listed first, no self-links. */
  parents: number[][];
  edits: PreparedEdit[];
  ancestry: Ancestry;
}

const byId = (a: AnalysisProgram, b: AnalysisProgram) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Programs in processing order, with the iteration each one's edit is attributed to. */
function processingOrder(programs: readonly AnalysisProgram[], definitions: Definitions) {
  if (definitions === 'evoreplay') {
    const sorted = [...programs].sort((a, b) => (a.iteration || 0) - (b.iteration || 0) || byId(a, b));
    return { sorted, iterations: sorted.map((p) => p.iteration || 0) };
  }
  const sorted = [...programs].sort((a, b) => a.seq - b.seq || byId(a, b));
  let reached = Number.NEGATIVE_INFINITY;
  const iterations = sorted.map((p) => {
    if (p.iteration != null && p.iteration > reached) reached = p.iteration;
    return reached === Number.NEGATIVE_INFINITY ? 0 : reached;
  });
  return { sorted, iterations };
}

/**
 * What both definition sets' edit tables of one run compute alike: each program's interned lines
 * and the line diff of each parent->child pair (the sets differ in order, parent choice and
 * normalisation, which come after the diff). One instance passed to both prepareRun calls of a
 * run splits, interns and diffs each program once instead of twice: the worker's cycling passes
 * spent about half of their diff pass doing it again for the second set.
 */
export class SharedDiffs {
  readonly table = new LineTable();
  private readonly ids = new Map<AnalysisProgram, Int32Array>();
  private readonly diffs = new Map<AnalysisProgram, { parent: AnalysisProgram; changed: ChangedLines }>();
  /** Line diffs computed (not reused), for tests. */
  computed = 0;

  idsOf(p: AnalysisProgram, near?: Int32Array): Int32Array {
    let ids = this.ids.get(p);
    if (!ids) this.ids.set(p, (ids = near ? this.table.linesNear(p.code, near) : this.table.lines(p.code)));
    return ids;
  }

  /** changedLineIds of parent -> child (their ids from idsOf), computed once per pair. */
  changed(parent: AnalysisProgram, child: AnalysisProgram, a: Int32Array, b: Int32Array): ChangedLines {
    const known = this.diffs.get(child);
    if (known?.parent === parent) return known.changed;
    const changed = changedLineIds(a, b);
    this.computed++;
    this.diffs.set(child, { parent, changed });
    return changed;
  }
}

/**
 * Builds the edit table of a run under one definition set. `shared`, given to both sets' calls
 * on the same programs, does their common work once (the tables are the same either way).
 */
export function prepareRun(programs: readonly AnalysisProgram[], definitions: Definitions, shared?: SharedDiffs): PreparedRun {
  const { sorted, iterations } = processingOrder(programs, definitions);
  const position = new Map<string, number>();
  sorted.forEach((p, i) => {
    if (!position.has(p.id)) position.set(p.id, i);
  });
  const parents = sorted.map((p, i) => {
    const out: number[] = [];
    for (const id of p.parentIds) {
      const k = position.get(id);
      if (k !== undefined && k !== i && !out.includes(k)) out.push(k);
    }
    return out;
  });
  const edits: PreparedEdit[] = [];
  // Each program is split and interned once, however many children it has (and with `shared`,
  // whichever definition set comes first).
  const common = shared ?? new SharedDiffs();
  const table = common.table;
  const idsOf = (k: number, near?: Int32Array) => common.idsOf(sorted[k], near);
  sorted.forEach((child, c) => {
    let parent: number | undefined;
    if (definitions === 'evoreplay') parent = child.parentIds[0] ? position.get(child.parentIds[0]) : undefined;
    else parent = parents[c][0];
    if (parent === undefined) return;
    const parentCode = sorted[parent].code;
    if (!parentCode || !child.code) return;
    const style = definitions === 'default' ? commentStyle(child.language, child.code) : null;
    const parentIds = idsOf(parent);
    const childIds = idsOf(c, parentIds); // mostly its parent's lines
    const { removed, added } = lineEditsOfIds(table, parentIds, childIds, style, common.changed(sorted[parent], child, parentIds, childIds));
    edits.push({ index: edits.length, parent, child: c, iteration: iterations[c], removed, added });
  });
  return { definitions, programs: sorted, position, parents, edits, ancestry: new Ancestry(parents, sorted.map((p) => p.seq)) };
}

/** A run given as programs is prepared; a prepared run is used as is (it must match `definitions`). */
export function asPrepared(input: readonly AnalysisProgram[] | PreparedRun, definitions: Definitions): PreparedRun {
  if (!Array.isArray(input)) {
    const run = input as PreparedRun;
    if (run.definitions !== definitions) {
      throw new Error(`prepared run uses definitions '${run.definitions}', asked for '${definitions}'`);
    }
    return run;
  }
  return prepareRun(input as readonly AnalysisProgram[], definitions);
}

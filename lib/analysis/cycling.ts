// Cycling: added lines that re-introduce a line removed earlier (paper section 5.2; EvoReplay's
// detect_cycling). One implementation for both definition sets; they differ only in the edit
// table and the line normalisation, documented where implemented and summarised in README.md:
//  1. order: 'evoreplay' raw iteration (null = 0, migrants first), ties by id; 'default' seq,
//     with the edit's iteration = largest raw iteration reached so far (editTable.ts);
//  2. parent: 'evoreplay' first listed only; 'default' first listed that is in the run (editTable.ts);
//  3. "--"/"++" lines: 'evoreplay' drops removed lines starting "--" and added lines starting
//     "++" (diff header look-alikes); 'default' keeps them (lineEdits.ts);
//  4. comments: 'evoreplay' cuts at the first "//" (Python's floor division too) and keeps "#"
//     comments; 'default' strips comments by language, outside strings (lineEdits.ts, comments.ts).
// classifyCycles and classifyEdits add their own small differences (see their headers).
import { type PreparedRun, asPrepared } from './editTable';
import { MIN_CYCLE_LINE_LENGTH } from './lineEdits';
import { pyLen } from './pyText';
import { RemovalIndex } from './removalIndex';
import { median, olsSlope } from './stats';
import type { AnalysisProgram, CyclingScope, Definitions } from '../contracts/analysisTypes';

export interface CyclingOptions {
  definitions: Definitions;
  scope: CyclingScope;
}

/** Per-edit cycling counts. */
export interface CyclingEdit {
  index: number;
  parentId: string;
  childId: string;
  iteration: number;
  /** Normalised, kept lines the edit adds / removes (any length). */
  added: number;
  removed: number;
  /** Distinct added lines paired with an earlier removal (each line counted once per edit). */
  recycledAdded: number;
  /** Distinct removed lines that some later addition was paired with (as its latest removal). */
  recycledRemoved: number;
}

/** One addition paired with the removal it re-introduces. */
export interface CycleEvent {
  line: string;
  removedEdit: number;
  removedIteration: number;
  addedEdit: number;
  addedIteration: number;
  /** addedIteration - removedIteration. */
  span: number;
}

/** The full history of one cycled line: every edit that removed or added it, in processing order. */
export interface CycledLine {
  line: string;
  history: { kind: 'removed' | 'added'; edit: number; childId: string; iteration: number }[];
  /** One span per edit that re-added this line (its first pairing's): never more than its additions. */
  spans: number[];
}

export interface CyclingSummary {
  editsAnalysed: number;
  cycleEvents: number;
  uniqueCycledLines: number;
  totalAdded: number;
  recycledAdded: number;
  totalRemoved: number;
  recycledRemoved: number;
  editsWithAddedLines: number;
  /** Median over edits that add lines of recycledAdded / added; null when no edit adds lines. */
  medianRecycleRatioEditsWithAdded: number | null;
  /** recycledAdded / totalAdded; null when nothing is added. */
  recycledShare: number | null;
  /** Per iteration with edits: share = recycled / added (0 when nothing added); least-squares slope. */
  trend: { slope: number; grows: boolean; points: { iteration: number; added: number; recycled: number; share: number }[] };
  /** Median span over recycled additions (each (line, edit) once); null when none. */
  medianSpan: number | null;
}

export interface CyclingResult {
  definitions: Definitions;
  scope: CyclingScope;
  edits: CyclingEdit[];
  events: CycleEvent[];
  lines: CycledLine[];
  summary: CyclingSummary;
}

/**
 * Line cycling. Edits are processed in order (editTable.ts); each added line of at least
 * MIN_CYCLE_LINE_LENGTH characters is paired with the latest removal of the identical normalised
 * line at a strictly earlier iteration, made anywhere in the run (scope 'run', EvoReplay's
 * detect_cycling) or by an ancestor of the child through any parent (scope 'lineage'). Ties
 * between removals at that iteration go to the one processed first.
 * Every pairing is a cycle event (an edit adding a line twice makes two); recycledAdded counts
 * each (line, edit) once; recycledRemoved counts each (line, removing edit) that some event was
 * paired with once. Spans are iterations between the paired removal and the re-addition.
 */
export function detectCycling(input: readonly AnalysisProgram[] | PreparedRun, opts: CyclingOptions): CyclingResult {
  const run = asPrepared(input, opts.definitions);
  const { edits, programs, ancestry } = run;
  const index = new RemovalIndex(edits);
  const rows: CyclingEdit[] = edits.map((e) => ({
    index: e.index,
    parentId: programs[e.parent].id,
    childId: programs[e.child].id,
    iteration: e.iteration,
    added: e.added.length,
    removed: e.removed.length,
    recycledAdded: 0,
    recycledRemoved: 0,
  }));
  const events: CycleEvent[] = [];
  const creditedRemovals = new Set<string>(); // `${edit}\n${line}`
  const spans: number[] = [];
  for (const e of edits) {
    for (const line of e.removed) if (pyLen(line) >= MIN_CYCLE_LINE_LENGTH) index.add(line, e.index, line);
    const accept = opts.scope === 'lineage' ? (r: number) => ancestry.isAncestor(edits[r].child, e.child) : undefined;
    const counted = new Set<string>();
    for (const line of e.added) {
      if (pyLen(line) < MIN_CYCLE_LINE_LENGTH) continue;
      const m = index.find(line, e.iteration, accept);
      if (!m) continue;
      const span = e.iteration - edits[m.edit].iteration;
      events.push({ line, removedEdit: m.edit, removedIteration: edits[m.edit].iteration, addedEdit: e.index, addedIteration: e.iteration, span });
      if (!counted.has(line)) {
        counted.add(line);
        rows[e.index].recycledAdded++;
        spans.push(span);
      }
      const key = `${m.edit}\n${line}`;
      if (!creditedRemovals.has(key)) {
        creditedRemovals.add(key);
        rows[m.edit].recycledRemoved++;
      }
    }
  }
  const lines = cycledLineHistories(run, events);
  return { definitions: opts.definitions, scope: opts.scope, edits: rows, events, lines, summary: summarise(rows, events, lines, spans) };
}

/** Histories of the cycled lines only, gathered in a second pass over the edit table. */
function cycledLineHistories(run: PreparedRun, events: CycleEvent[]): CycledLine[] {
  const byLine = new Map<string, CycledLine>();
  // One span per (line, re-adding edit), its first pairing's, as summary.medianSpan counts them:
  // an edit that adds a line twice makes two cycle events but one re-addition of the line.
  const lastEdit = new Map<string, number>();
  for (const ev of events) {
    let l = byLine.get(ev.line);
    if (!l) byLine.set(ev.line, (l = { line: ev.line, history: [], spans: [] }));
    if (lastEdit.get(ev.line) === ev.addedEdit) continue;
    lastEdit.set(ev.line, ev.addedEdit);
    l.spans.push(ev.span);
  }
  for (const e of run.edits) {
    const childId = run.programs[e.child].id;
    for (const [kind, list] of [['removed', e.removed], ['added', e.added]] as const) {
      for (const line of list) {
        const l = byLine.get(line);
        if (!l) continue;
        const prev = l.history[l.history.length - 1]; // one entry per (line, edit, kind)
        if (prev && prev.edit === e.index && prev.kind === kind) continue;
        l.history.push({ kind, edit: e.index, childId, iteration: e.iteration });
      }
    }
  }
  return [...byLine.values()];
}

function summarise(rows: CyclingEdit[], events: CycleEvent[], lines: CycledLine[], spans: number[]): CyclingSummary {
  let totalAdded = 0;
  let recycledAdded = 0;
  let totalRemoved = 0;
  let recycledRemoved = 0;
  const ratios: number[] = [];
  const perIteration = new Map<number, { added: number; recycled: number }>();
  for (const r of rows) {
    totalAdded += r.added;
    recycledAdded += r.recycledAdded;
    totalRemoved += r.removed;
    recycledRemoved += r.recycledRemoved;
    if (r.added > 0) ratios.push(r.recycledAdded / r.added);
    const p = perIteration.get(r.iteration) ?? { added: 0, recycled: 0 };
    p.added += r.added;
    p.recycled += r.recycledAdded;
    perIteration.set(r.iteration, p);
  }
  const points = [...perIteration.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([iteration, p]) => ({ iteration, ...p, share: p.recycled / (p.added || 1) }));
  const slope = olsSlope(points.map((p) => p.iteration), points.map((p) => p.share));
  return {
    editsAnalysed: rows.length,
    cycleEvents: events.length,
    uniqueCycledLines: lines.length,
    totalAdded,
    recycledAdded,
    totalRemoved,
    recycledRemoved,
    editsWithAddedLines: ratios.length,
    medianRecycleRatioEditsWithAdded: median(ratios),
    recycledShare: totalAdded ? recycledAdded / totalAdded : null,
    trend: { slope, grows: slope > 0, points },
    medianSpan: median(spans),
  };
}

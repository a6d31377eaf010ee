// Three-way classification of recycled additions (paper appendix B.6; EvoReplay's
// classify_cycles): literal, tuning, trivial.
//
// Difference between the definition sets (besides the edit table and normalisation, README.md):
// 'evoreplay' pairs lines by their number-collapsed skeleton and calls a pair trivial when either
// line starts like a comment ("/*", "*/", "*", "//", "#") or the two differ only in whitespace.
// Under 'default' comments are already removed by the language-aware normalisation, so a line
// starting with "*" or "#" is code (`*p = 0;`, `*args, = x`) and no longer trivial; instead
// skeletons are compared without whitespace, so a re-added line that differs from the removed one
// only in spacing pairs and is classed trivial (under 'evoreplay' such a pair never forms).
import { type PreparedRun, asPrepared } from './editTable';
import { MIN_CYCLE_LINE_LENGTH, collapseNumbers } from './lineEdits';
import { pyLen, withoutWhitespace } from './pyText';
import { RemovalIndex } from './removalIndex';
import { mean, median } from './stats';
import type { AnalysisProgram, CycleClass, CyclingScope, Definitions } from '../contracts/analysisTypes';

export interface ClassifyCyclesOptions {
  definitions: Definitions;
  /** Where the paired removal may come from; EvoReplay's classify_cycles is 'run'. */
  scope?: CyclingScope;
}

export interface ClassifiedCycle {
  /** The added line and the removed line it was paired with. */
  line: string;
  removedLine: string;
  klass: CycleClass;
  removedEdit: number;
  removedIteration: number;
  addedEdit: number;
  addedIteration: number;
  span: number;
}

type ClassCounts = Record<CycleClass | 'any', number>;

export interface ClassifiedEdit {
  index: number;
  childId: string;
  iteration: number;
  /** Added lines of at least MIN_CYCLE_LINE_LENGTH characters. */
  totalAdded: number;
  literal: number;
  tuning: number;
  trivial: number;
  /** Class count / totalAdded (divided by 1 when nothing is added). */
  ratios: ClassCounts;
}

export interface ClassifyCyclesSummary {
  nEdits: number;
  nRecycleEvents: number;
  eventsByClass: Record<CycleClass, number>;
  totalAddedLines: number;
  /** Class events / max(totalAddedLines, 1). */
  shareOfAddedLines: ClassCounts;
  /** Medians over all edits of the per-edit ratios; null when there are no edits. */
  medianPerEditRatios: ClassCounts | null;
  /** Over events; 0 when there are none (as EvoReplay reports it). */
  spanStats: { median: number; mean: number; max: number };
}

export interface ClassifyCyclesResult {
  definitions: Definitions;
  scope: CyclingScope;
  events: ClassifiedCycle[];
  edits: ClassifiedEdit[];
  summary: ClassifyCyclesSummary;
}

const COMMENT_START = ['/*', '*/', '*', '//', '#'];

/** The class of a re-added line given the removed line it was paired with (same skeleton). */
export function classifyPair(removed: string, added: string, definitions: Definitions): CycleClass {
  if (removed === added) return 'literal';
  if (definitions === 'evoreplay' && COMMENT_START.some((p) => removed.startsWith(p) || added.startsWith(p))) {
    return 'trivial';
  }
  return withoutWhitespace(removed) === withoutWhitespace(added) ? 'trivial' : 'tuning';
}

/** The key lines are paired by: the skeleton ('default': also without whitespace). */
function pairingKey(line: string, definitions: Definitions): string {
  const s = collapseNumbers(line);
  return definitions === 'evoreplay' ? s : withoutWhitespace(s);
}

/**
 * Recycled additions by class. Edits are processed in order (editTable.ts); only lines of at
 * least MIN_CYCLE_LINE_LENGTH characters count. Each added line is paired with the latest removal
 * with the same number-collapsed skeleton at a strictly earlier iteration (scope 'run': anywhere;
 * 'lineage': by an ancestor), the first processed among ties, and classed literal (identical
 * normalised line), tuning (same skeleton, different numbers) or trivial (comment or whitespace
 * only). Each (skeleton, edit) yields at most one event, from its first added line.
 */
export function classifyCycles(input: readonly AnalysisProgram[] | PreparedRun, opts: ClassifyCyclesOptions): ClassifyCyclesResult {
  const run = asPrepared(input, opts.definitions);
  const scope = opts.scope ?? 'run';
  const { edits, programs, ancestry } = run;
  const index = new RemovalIndex(edits);
  const events: ClassifiedCycle[] = [];
  const rows: ClassifiedEdit[] = [];
  for (const e of edits) {
    const removed = e.removed.filter((l) => pyLen(l) >= MIN_CYCLE_LINE_LENGTH);
    const added = e.added.filter((l) => pyLen(l) >= MIN_CYCLE_LINE_LENGTH);
    for (const line of removed) index.add(pairingKey(line, opts.definitions), e.index, line);
    const row: ClassifiedEdit = {
      index: e.index,
      childId: programs[e.child].id,
      iteration: e.iteration,
      totalAdded: added.length,
      literal: 0,
      tuning: 0,
      trivial: 0,
      ratios: { literal: 0, tuning: 0, trivial: 0, any: 0 },
    };
    const accept = scope === 'lineage' ? (r: number) => ancestry.isAncestor(edits[r].child, e.child) : undefined;
    const counted = new Set<string>();
    for (const line of added) {
      const key = pairingKey(line, opts.definitions);
      if (counted.has(key)) continue;
      const m = index.find(key, e.iteration, accept);
      if (!m) continue;
      counted.add(key);
      const klass = classifyPair(m.line, line, opts.definitions);
      row[klass]++;
      const removedIteration = edits[m.edit].iteration;
      events.push({
        line,
        removedLine: m.line,
        klass,
        removedEdit: m.edit,
        removedIteration,
        addedEdit: e.index,
        addedIteration: e.iteration,
        span: e.iteration - removedIteration,
      });
    }
    const tot = row.totalAdded || 1;
    row.ratios = { literal: row.literal / tot, tuning: row.tuning / tot, trivial: row.trivial / tot, any: (row.literal + row.tuning + row.trivial) / tot };
    rows.push(row);
  }
  return { definitions: opts.definitions, scope, events, edits: rows, summary: summarise(events, rows) };
}

function summarise(events: ClassifiedCycle[], rows: ClassifiedEdit[]): ClassifyCyclesSummary {
  const byClass = { literal: 0, tuning: 0, trivial: 0 };
  for (const ev of events) byClass[ev.klass]++;
  const totalAddedLines = rows.reduce((s, r) => s + r.totalAdded, 0);
  const d = Math.max(totalAddedLines, 1);
  const spans = events.map((ev) => ev.span);
  const med = (k: keyof ClassCounts) => median(rows.map((r) => r.ratios[k])) as number;
  return {
    nEdits: rows.length,
    nRecycleEvents: events.length,
    eventsByClass: byClass,
    totalAddedLines,
    shareOfAddedLines: {
      literal: byClass.literal / d,
      tuning: byClass.tuning / d,
      trivial: byClass.trivial / d,
      any: events.length / d,
    },
    medianPerEditRatios: rows.length ? { literal: med('literal'), tuning: med('tuning'), trivial: med('trivial'), any: med('any') } : null,
    spanStats: {
      median: median(spans) ?? 0,
      mean: mean(spans) ?? 0,
      max: spans.reduce((m, s) => Math.max(m, s), spans.length ? Number.NEGATIVE_INFINITY : 0),
    },
  };
}

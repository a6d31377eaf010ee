// The annotators' decision rule (README.md, "The annotators' decision rule"), applied to the
// findings of the offline judge's rule families (offlineJudge.ts, offlineStructure.ts): most edits
// get one label, and a second label stays only with evidence of its own, evidence that the first
// label does not explain.
//   rework     an architectural change (a routine rewritten, a core block replaced) explains what
//              happens inside it and around it: no local_refinement, composition, pruning,
//              refactor or bug_fix next to it; efficiency only from a named speed idiom or
//              caching (vectorised code is the new approach's style); hyperparameter_tuning only
//              from literal swaps outside the reworked code (rewritten routines, routines around
//              a replaced block)
//   incidental restructuring  renames, moved code and extracted helpers next to new or changed
//              logic (composition, local_refinement) are part of that change (the class renamed
//              after what it now does, the lines the new code pushed around): no refactor from them
import type { EditLabel } from '../../contracts/editLabels';
import type { Collector, Finding } from './offlineEvidence';

/** Lines (0-based) of reworked code: rewritten routines and the routines around replaced blocks, child and parent side. */
export interface Rework {
  added: Set<number>;
  removed: Set<number>;
}

/** Labels a rework explains entirely. */
const PART_OF_REWORK: EditLabel[] = ['local_refinement', 'composition', 'pruning', 'refactor', 'bug_fix'];
/** Efficiency findings that name their idiom (kept next to a rework). */
export const IDIOM_REASONS = new Set(['faster idiom added', 'caching added']);

export function decide(c: Collector, rework: Rework) {
  if (c.has('architectural_change')) {
    for (const l of PART_OF_REWORK) c.drop(l);
    c.drop('efficiency', (x) => !IDIOM_REASONS.has(x.reason));
    c.drop('hyperparameter_tuning', (x) => inside(x, rework));
  }
  if (c.has('composition') || c.has('local_refinement')) c.drop('refactor', (x) => INCIDENTAL.test(x.reason));
}

/** Refactor findings that come with new or changed logic. */
const INCIDENTAL = /^(renamed |code moved|helper .* extracted)/;

const inside = (x: Finding, r: Rework) => x.added.every((l) => r.added.has(l)) && x.removed.every((l) => r.removed.has(l));

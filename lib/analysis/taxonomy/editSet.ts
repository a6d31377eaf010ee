// The edits a judge labels in a run, and what the statistics need to know of each, from the
// programs' metadata alone (no sources: a 100k-program run is a few flat arrays here), for the
// judging batches, the taxonomy routes and `evoscope judge` (which builds the same metadata from
// a run folder's records and keeps the sources beside it): the one edit set of the taxonomy.
// The edit set is the analyses' 'default' definitions (lib/analysis/editTable.ts): a child's edit
// is against its first listed parent that is in the run (and not itself); edits where either
// program has empty code are skipped. Best-so-far is the one definition of bestSoFar.ts, and the
// final best's lineage is its ancestry through every parent (ancestry.ts), the final best included,
// as the lineage report computes it.
import { Ancestry } from '../ancestry';
import { bestSoFar } from '../bestSoFar';

export interface EditSetProgram {
  /** Database id. */
  id: string;
  seq: number;
  /** The iteration as the source recorded it (programs.raw_iteration, else iteration); null when unknown. */
  iteration: number | null;
  valid: boolean;
  /** The primary score when finite. */
  score: number | null;
  /** In-run parents' ids, first listed first (ghost parents left out). */
  parentIds: readonly string[];
  /** False when the program's code is empty. */
  hasCode: boolean;
}

export interface EditSetEdit {
  childId: string;
  parentId: string;
  /** Valid scores, else null. */
  parentScore: number | null;
  childScore: number | null;
  /** Normalised iteration of the child in the run, 0..1. */
  progress: number;
  bestSoFar: boolean;
  finalLineage: boolean;
}

export interface EditSet {
  edits: EditSetEdit[];
  /** Every valid score of the run (the score scale is computed over them). */
  scores: number[];
}

const validScore = (p: EditSetProgram) => (p.valid && p.score !== null && Number.isFinite(p.score) ? p.score : null);

/** `programs` in seq order. */
export function editSet(programs: readonly EditSetProgram[], higherIsBetter: boolean): EditSet {
  const position = new Map<string, number>();
  programs.forEach((p, i) => {
    if (!position.has(p.id)) position.set(p.id, i);
  });
  const parents = programs.map((p, i) => {
    const out: number[] = [];
    for (const id of p.parentIds) {
      const k = position.get(id);
      if (k !== undefined && k !== i && !out.includes(k)) out.push(k);
    }
    return out;
  });
  // Effective iteration: the largest iteration reached so far in canonical order (a migrant sits
  // where it appeared); progress is it over the run's last one (0 when the run has one iteration).
  let reached = 0;
  const iterations = programs.map((p) => (p.iteration != null && p.iteration > reached ? (reached = p.iteration) : reached));
  const last = iterations.length ? iterations[iterations.length - 1] : 0;
  const progressOf = (i: number) => (last > 0 ? iterations[i] / last : 0);

  const best = bestSoFar(
    programs.map((p, i) => ({ seq: p.seq, iteration: iterations[i], value: validScore(p), valid: p.valid, programId: p.id, externalId: p.id })),
    'score',
    higherIsBetter,
  );
  const bsf = new Set(best.points.map((p) => p.programId));
  const lineage = new Set<number>();
  if (best.finalBest) {
    const pos = position.get(best.finalBest.programId)!;
    const ancestry = new Ancestry(parents, programs.map((p) => p.seq));
    for (const a of ancestry.ancestorsOf(pos)) lineage.add(a);
    lineage.add(pos);
  }

  const edits: EditSetEdit[] = [];
  programs.forEach((child, c) => {
    const parent = parents[c][0];
    if (parent === undefined || position.get(child.id) !== c || !child.hasCode || !programs[parent].hasCode) return;
    edits.push({
      childId: child.id,
      parentId: programs[parent].id,
      parentScore: validScore(programs[parent]),
      childScore: validScore(child),
      progress: progressOf(c),
      bestSoFar: bsf.has(child.id),
      finalLineage: lineage.has(c),
    });
  });
  const scores: number[] = [];
  for (const p of programs) {
    const s = validScore(p);
    if (s !== null) scores.push(s);
  }
  return { edits, scores };
}

// The edits a judge labels in a run, with what the statistics need about each: one edit per
// child, against its first listed parent that is in the run (the 'default' definitions of
// editTable.ts; no self-links; edits where either side has no code are skipped), in canonical
// order. Best-so-far comes from bestSoFar.ts over the effective iteration, the final best's
// lineage from Ancestry (every parent, not only the first), the score scale from stats.ts.
import { Ancestry } from '../ancestry';
import { bestSoFar } from '../bestSoFar';
import type { AnalysisProgram } from '../types';
import { scoreScale } from './stats';
import type { LabelledEdit } from './types';

export interface RunEdit {
  childId: string;
  parentId: string;
  parentCode: string;
  childCode: string;
  /** The child's language (else the parent's), as stored. */
  language: string | null;
  parentScore: number | null;
  childScore: number | null;
  /** Effective iteration of the child / last effective iteration of the run (0 when the run has one iteration). */
  progress: number;
  bestSoFar: boolean;
  finalLineage: boolean;
}

const validScore = (p: AnalysisProgram) =>
  p.valid && p.score !== null && Number.isFinite(p.score) ? p.score : null;

/** The run's judgeable edits and its score scale (p95 of |valid score| over all its programs, at least 1). */
export function runEdits(programs: readonly AnalysisProgram[], higherIsBetter: boolean): { edits: RunEdit[]; scoreScale: number } {
  const sorted = [...programs].sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
  // Effective iteration: the largest raw iteration reached so far in canonical order (a migrant
  // sits where it appeared), as analyzeRun's lineage figures use it.
  let reached = 0;
  const iteration = sorted.map((p) => (p.iteration != null && p.iteration > reached ? (reached = p.iteration) : reached));
  const last = iteration.length ? iteration[iteration.length - 1] : 0;

  const bsf = bestSoFar(
    sorted.map((p, i) => ({ seq: p.seq, iteration: iteration[i], value: validScore(p), valid: p.valid, programId: String(i), externalId: p.id })),
    'score',
    higherIsBetter,
  );
  const improvements = new Set(bsf.points.map((pt) => Number(pt.programId)));
  const lineage = new Set<number>();
  if (bsf.finalBest) {
    const best = Number(bsf.finalBest.programId);
    const ancestry = new Ancestry(parents, sorted.map((p) => p.seq));
    for (const a of ancestry.ancestorsOf(best)) lineage.add(a);
    lineage.add(best);
  }

  const edits: RunEdit[] = [];
  sorted.forEach((child, c) => {
    const parent = parents[c][0];
    if (parent === undefined || position.get(child.id) !== c) return;
    const p = sorted[parent];
    if (!p.code || !child.code) return;
    edits.push({
      childId: child.id,
      parentId: p.id,
      parentCode: p.code,
      childCode: child.code,
      language: child.language ?? p.language,
      parentScore: validScore(p),
      childScore: validScore(child),
      progress: last > 0 ? iteration[c] / last : 0,
      bestSoFar: improvements.has(c),
      finalLineage: lineage.has(c),
    });
  });
  const scores = sorted.map(validScore).filter((s): s is number => s !== null);
  return { edits, scoreScale: scoreScale(scores) };
}

/** A run edit with the labels a judge gave it, as the statistics take it. */
export function labelledEdit(e: RunEdit, labels: LabelledEdit['labels']): LabelledEdit {
  return {
    childId: e.childId,
    parentId: e.parentId,
    labels,
    parentScore: e.parentScore,
    childScore: e.childScore,
    progress: e.progress,
    bestSoFar: e.bestSoFar,
    finalLineage: e.finalLineage,
  };
}

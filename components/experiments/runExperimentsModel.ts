// PREPARE for the run's experiments page (issue 11): the replays' variants side by side (the four
// figures of Table 3 per variant, pooled over the run's replay targets, and the median score
// ratio across targets, as the paper reports a run), the tuning ceilings against the run's own
// best-so-far curve, and the CSV/JSON of what the page shows. Pure.
import { toCsv } from '@/lib/contracts/csv';
import type { AblationReport, ExperimentView, ReplayReport, ReplayVariant, TuneReport } from '@/lib/contracts/interventionTypes';
import { median } from './ratioStripModel';

export const isDone = <R>(x: ExperimentView): x is ExperimentView & { result: R } => x.status === 'done' && x.result !== null;

export interface VariantComparison {
  variant: ReplayVariant;
  /** Replay targets (experiments) that ran this variant. */
  targets: number;
  trials: number;
  /** Trial-weighted shares over the targets (0..1). */
  parseSuccess: number;
  evalSuccess: number;
  exactMatch: number;
  normalisedMatch: number;
  /** Median over targets of each target's score ratio (the paper's run-level figure). */
  medianRatio: number | null;
}

export function compareVariants(replays: readonly ExperimentView[]): VariantComparison[] {
  const by = new Map<ReplayVariant, { t: number; n: number; p: number; e: number; x: number; nx: number; ratios: number[] }>();
  for (const r of replays) {
    if (r.status !== 'done' || r.result?.kind !== 'replay') continue;
    for (const v of (r.result as ReplayReport).variants) {
      const acc = by.get(v.variant) ?? { t: 0, n: 0, p: 0, e: 0, x: 0, nx: 0, ratios: [] };
      acc.t += 1;
      acc.n += v.trials;
      acc.p += v.parseSuccess * v.trials;
      acc.e += v.evalSuccess * v.trials;
      acc.x += v.exactMatch * v.trials;
      acc.nx += v.normalisedMatch * v.trials;
      if (v.scoreRatio !== null && Number.isFinite(v.scoreRatio)) acc.ratios.push(v.scoreRatio);
      by.set(v.variant, acc);
    }
  }
  return [...by.entries()].map(([variant, a]) => ({
    variant,
    targets: a.t,
    trials: a.n,
    parseSuccess: a.n ? a.p / a.n : 0,
    evalSuccess: a.n ? a.e / a.n : 0,
    exactMatch: a.n ? a.x / a.n : 0,
    normalisedMatch: a.n ? a.nx / a.n : 0,
    medianRatio: median(a.ratios),
  }));
}

export function variantsCsv(rows: readonly VariantComparison[]): string {
  return toCsv(
    ['variant', 'targets', 'trials', 'parse_success', 'eval_success', 'exact_match', 'normalised_match', 'median_score_ratio'],
    rows.map((r) => [r.variant, r.targets, r.trials, r.parseSuccess, r.evalSuccess, r.exactMatch, r.normalisedMatch, r.medianRatio]),
  );
}

export interface CeilingPoint {
  experimentId: string;
  programId: string;
  programExternalId: string;
  iteration: number | null;
  original: number | null;
  ceiling: number | null;
  gap: number | null;
  beatsFinalBest: boolean | null;
  status: ExperimentView['status'];
}

/** The tune experiments as points along the run (iteration from the best-so-far point of their program). */
export function ceilingPoints(tunes: readonly ExperimentView[], iterationOf: ReadonlyMap<string, number>): CeilingPoint[] {
  return tunes
    .filter((t) => t.kind === 'tune')
    .map((t) => {
      const rep = t.status === 'done' && t.result?.kind === 'tune' ? (t.result as TuneReport) : null;
      return {
        experimentId: t.id,
        programId: t.programId,
        programExternalId: t.programExternalId,
        iteration: iterationOf.get(t.programId) ?? null,
        original: rep?.originalScore ?? null,
        ceiling: rep?.ceiling ?? null,
        gap: rep?.gap ?? null,
        beatsFinalBest: rep?.beatsFinalBest ?? null,
        status: t.status,
      };
    })
    .sort((a, b) => (a.iteration ?? Infinity) - (b.iteration ?? Infinity));
}

export function ceilingsCsv(rows: readonly CeilingPoint[]): string {
  return toCsv(
    ['experiment_id', 'program', 'iteration', 'status', 'original', 'ceiling', 'gap', 'beats_final_best'],
    rows.map((r) => [r.experimentId, r.programExternalId, r.iteration, r.status, r.original, r.ceiling, r.gap, r.beatsFinalBest]),
  );
}

export function ablationsCsv(items: readonly ExperimentView[]): string {
  const rows: (string | number | null)[][] = [];
  for (const x of items) {
    if (x.status !== 'done' || x.result?.kind !== 'ablate') continue;
    for (const v of (x.result as AblationReport).variants) rows.push([x.id, x.programExternalId, v.unit, v.label, v.score, v.contribution, v.verdict]);
  }
  return toCsv(['experiment_id', 'program', 'unit', 'label', 'score', 'contribution', 'verdict'], rows);
}

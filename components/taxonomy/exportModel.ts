// PREPARE the taxonomy page's exports: the per-label figures as shown (rows in the figure's
// order) and a label's edits, as CSV. Pure.
import type { JudgedEdit, TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { toCsv } from '@/lib/contracts/csv';
import { sortByOddsRatio } from './layout';

export const LABEL_STATS_HEADER = [
  'label',
  'count',
  'prevalence',
  'positive_rate',
  'odds_ratio',
  'ci_low',
  'ci_high',
  'fisher_p',
  'a_present_positive',
  'b_present_not_positive',
  'c_absent_positive',
  'd_absent_not_positive',
  'enrichment_best_so_far',
  'enrichment_final_lineage',
] as const;

export function labelStatsCsv(stats: TaxonomyStatsResponse): string {
  return toCsv(
    LABEL_STATS_HEADER,
    sortByOddsRatio(stats.labels).map((s) => [
      s.label,
      s.count,
      s.prevalence,
      s.positiveRate,
      s.oddsRatio,
      s.ciLow,
      s.ciHigh,
      s.fisherP,
      s.table.a,
      s.table.b,
      s.table.c,
      s.table.d,
      s.enrichmentBestSoFar,
      s.enrichmentFinalLineage,
    ]),
  );
}

export const JUDGED_EDITS_HEADER = ['parent', 'child', 'iteration', 'parent_score', 'child_score', 'score_change', 'status', 'labels', 'rationale'] as const;

/** Labels joined with '+', as EvoReplay's compounds are written. */
export function judgedEditsCsv(items: readonly JudgedEdit[]): string {
  return toCsv(
    JUDGED_EDITS_HEADER,
    items.map((e) => [e.parentExternalId, e.childExternalId, e.iteration, e.parentScore, e.childScore, e.scoreChange, e.status, e.labels.join('+'), e.rationale]),
  );
}

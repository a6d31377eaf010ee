// The taxonomy's statistics (issue 9 item 3, the paper's Figure 4 and appendix B.2): per label
// prevalence, positive rate, odds ratio of a positive normalised score change (with interval and
// Fisher's test), enrichment among best-so-far updates and along the final best's lineage, the
// label mix over four stages of the run, co-occurrence and compounds. Per run and pooled.
import { EDIT_LABELS, type EditLabel } from '../../contracts/editLabels';
import { fisherExactTwoSided, haldaneOddsRatio, woolfInterval, type Table2x2 } from './twoByTwo';
import type { LabelStats, LabelledEdit, TaxonomyStats } from '../../contracts/taxonomyTypes';

export const SCORE_SCALE_DEFINITION =
  "Score scale (EvoReplay's): the 95th percentile of |score| over the run's valid scores " +
  '(linear interpolation, as numpy.percentile), at least 1.';

/**
 * EvoReplay's score scale: numpy.percentile(|scores|, 95) (linear interpolation between the
 * closest ranks: h = (n-1)*0.95), floored at 1 so tiny-score runs are not blown up. Non-finite
 * values are ignored; 1 when nothing is left.
 */
export function scoreScale(scores: readonly number[]): number {
  const abs = Float64Array.from(scores.filter(Number.isFinite).map(Math.abs)).sort();
  if (abs.length === 0) return 1;
  const h = (abs.length - 1) * 0.95;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, abs.length - 1);
  const p95 = abs[lo] + (h - lo) * (abs[hi] - abs[lo]);
  return Math.max(1, p95);
}

/** (child - parent) / scale, sign flipped when lower is better (positive = improvement); null if unscored. */
export function normalisedChange(edit: LabelledEdit, scale: number, higherIsBetter: boolean): number | null {
  const { parentScore, childScore } = edit;
  if (parentScore === null || childScore === null || !Number.isFinite(parentScore) || !Number.isFinite(childScore)) {
    return null;
  }
  const change = (childScore - parentScore) / scale;
  return higherIsBetter ? change : -change;
}

export interface RunEdits {
  edits: readonly LabelledEdit[];
  scoreScale: number;
  higherIsBetter: boolean;
}

/** The four stages of normalised iteration; the last one includes 1. */
const STAGE_BOUNDS: [number, number][] = [
  [0, 0.25],
  [0.25, 0.5],
  [0.5, 0.75],
  [0.75, 1],
];
const stageOf = (progress: number) => Math.min(3, Math.max(0, Math.floor(progress * 4)));

const zeroCounts = () => Object.fromEntries(EDIT_LABELS.map((l) => [l, 0])) as Record<EditLabel, number>;

/** The statistics of one run's labelled edits. */
export function taxonomyStats(edits: readonly LabelledEdit[], opts: { scoreScale: number; higherIsBetter: boolean }): TaxonomyStats {
  return pooledTaxonomyStats([{ edits, ...opts }]);
}

/**
 * Several runs pooled: each edit's normalised change uses its own run's scale and direction, then
 * every count (tables, shares, stages, co-occurrence) is summed over the runs. `scoreScale` of a
 * pooled result is that of the single run when there is one, else 1 (changes are already in
 * each run's units); `runScales` lists each run's.
 */
export function pooledTaxonomyStats(runs: readonly RunEdits[]): TaxonomyStats {
  const L = EDIT_LABELS.length;
  const index = new Map<EditLabel, number>(EDIT_LABELS.map((l, i) => [l, i]));
  const count = new Array<number>(L).fill(0);
  const tables: Table2x2[] = EDIT_LABELS.map(() => ({ a: 0, b: 0, c: 0, d: 0 }));
  const bestCount = new Array<number>(L).fill(0);
  const lineageCount = new Array<number>(L).fill(0);
  const cooccurrence = EDIT_LABELS.map(() => new Array<number>(L).fill(0));
  const stages = STAGE_BOUNDS.map(([from, to]) => ({ from, to, edits: 0, counts: zeroCounts() }));
  const compounds = new Map<string, { labels: EditLabel[]; count: number }>();
  let total = 0;
  let unscored = 0;
  let positives = 0;
  let scored = 0;
  let bestSoFarEdits = 0;
  let finalLineageEdits = 0;

  // First pass: the label-free totals each table's c and d cells need.
  for (const run of runs) {
    for (const e of run.edits) {
      const change = normalisedChange(e, run.scoreScale, run.higherIsBetter);
      if (change === null) continue;
      scored++;
      if (change > 0) positives++;
    }
  }

  for (const run of runs) {
    for (const e of run.edits) {
      total++;
      const ids = [...new Set(e.labels.map((l) => index.get(l)).filter((i): i is number => i !== undefined))].sort(
        (x, y) => x - y,
      );
      const change = normalisedChange(e, run.scoreScale, run.higherIsBetter);
      if (change === null) unscored++;
      if (e.bestSoFar) bestSoFarEdits++;
      if (e.finalLineage) finalLineageEdits++;
      const stage = stages[stageOf(e.progress)];
      stage.edits++;
      for (const i of ids) {
        count[i]++;
        stage.counts[EDIT_LABELS[i]]++;
        if (e.bestSoFar) bestCount[i]++;
        if (e.finalLineage) lineageCount[i]++;
        for (const j of ids) cooccurrence[i][j]++;
        if (change !== null) {
          if (change > 0) tables[i].a++;
          else tables[i].b++;
        }
      }
      if (ids.length > 1) {
        const key = ids.join(',');
        const entry = compounds.get(key) ?? { labels: ids.map((i) => EDIT_LABELS[i]), count: 0 };
        entry.count++;
        compounds.set(key, entry);
      }
    }
  }

  // share among the subset / share among all edits; undefined when either share's base is empty
  // or the label never occurs.
  const enrichment = (inSubset: number, subsetSize: number, labelCount: number) =>
    subsetSize > 0 && labelCount > 0 ? inSubset / subsetSize / (labelCount / total) : null;

  const labels: LabelStats[] = EDIT_LABELS.map((label, i) => {
    const { a, b } = tables[i];
    const table = { a, b, c: positives - a, d: scored - positives - b };
    const ci = scored > 0 ? woolfInterval(table) : null;
    return {
      label,
      count: count[i],
      prevalence: total > 0 ? count[i] / total : 0,
      positiveRate: a + b > 0 ? a / (a + b) : null,
      oddsRatio: scored > 0 ? haldaneOddsRatio(table) : null,
      ciLow: ci ? ci.low : null,
      ciHigh: ci ? ci.high : null,
      fisherP: scored > 0 ? fisherExactTwoSided(table) : null,
      table,
      enrichmentBestSoFar: enrichment(bestCount[i], bestSoFarEdits, count[i]),
      enrichmentFinalLineage: enrichment(lineageCount[i], finalLineageEdits, count[i]),
    };
  });

  return {
    edits: total,
    unscored,
    scoreScale: runs.length === 1 ? runs[0].scoreScale : 1,
    runScales: runs.map((r) => r.scoreScale),
    bestSoFarEdits,
    finalLineageEdits,
    labels,
    stages,
    compounds: [...compounds.values()].sort(
      (x, y) => y.count - x.count || x.labels.length - y.labels.length || compareLabelLists(x.labels, y.labels),
    ),
    cooccurrence,
  };
}

function compareLabelLists(x: EditLabel[], y: EditLabel[]): number {
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const d = EDIT_LABELS.indexOf(x[k]) - EDIT_LABELS.indexOf(y[k]);
    if (d) return d;
  }
  return x.length - y.length;
}

import { describe, expect, it } from 'vitest';
import { EDIT_LABELS, type EditLabel } from '../../contracts/editLabels';
import { normalisedChange, pooledTaxonomyStats, scoreScale, taxonomyStats } from './stats';
import type { LabelledEdit } from '../../contracts/taxonomyTypes';

let nextId = 0;
const edit = (
  labels: EditLabel[],
  parentScore: number | null,
  childScore: number | null,
  progress: number,
  flags: { best?: boolean; lineage?: boolean } = {},
): LabelledEdit => ({
  childId: `c${nextId}`,
  parentId: `p${nextId++}`,
  labels,
  parentScore,
  childScore,
  progress,
  bestSoFar: flags.best ?? false,
  finalLineage: flags.lineage ?? false,
});

// Ten edits, higher is better. Changes (child - parent): + + + 0 - + - - and two unscored.
const HP = 'hyperparameter_tuning';
const LR = 'local_refinement';
const run = (): LabelledEdit[] => [
  edit([HP, LR], 1, 2, 0, { best: true, lineage: true }), // e1 +
  edit([HP], 2, 3, 0.3, { best: true }), // e2 +
  edit([LR, HP], 3, 4, 0.5, { lineage: true }), // e3 + (labels in any order)
  edit([HP], 4, 4, 0.8), // e4 0: not positive
  edit(['pruning'], 1, 0, 0.1), // e5 -
  edit(['pruning', 'refactor'], 1, 5, 0.6, { lineage: true }), // e6 +
  edit(['refactor'], 5, 4, 0.9), // e7 -
  edit([], 2, 1, 1), // e8 - (no label)
  edit([HP], 2, null, 0.2), // e9 unscored child
  edit(['bug_fix'], null, 3, 0.99, { lineage: true }), // e10 unscored parent
];

const byLabel = (s: ReturnType<typeof taxonomyStats>, l: EditLabel) => s.labels.find((x) => x.label === l)!;

describe('scoreScale', () => {
  it("is numpy's linear-interpolation 95th percentile of |score|, at least 1", () => {
    // |scores| sorted: 0.5 2 3 4 10 (NaN dropped); h = 4 * 0.95 = 3.8 -> 4 + 0.8 * (10 - 4) = 8.8.
    // numpy.percentile([10, 2, 3, 0.5, 4], 95) = 8.799999999999999 on this machine.
    expect(scoreScale([-10, 2, 3, 0.5, Number.NaN, 4])).toBeCloseTo(8.8, 12);
    // p95 of [0.1, 0.2] is 0.195 (numpy), floored at 1.
    expect(scoreScale([0.1, -0.2])).toBe(1);
    expect(scoreScale([])).toBe(1);
    expect(scoreScale([42])).toBe(42);
  });

  it('normalises a change by the scale and flips it when lower is better', () => {
    const e = edit([], 10, 4, 0);
    expect(normalisedChange(e, 2, true)).toBe(-3);
    expect(normalisedChange(e, 2, false)).toBe(3);
    expect(normalisedChange(edit([], Number.NaN, 4, 0), 2, true)).toBeNull();
    expect(normalisedChange(edit([], 1, null, 0), 2, true)).toBeNull();
  });
});

describe('taxonomyStats', () => {
  const s = taxonomyStats(run(), { scoreScale: 2, higherIsBetter: true });

  it('counts edits, unscored edits and the subsets', () => {
    expect(s.edits).toBe(10);
    expect(s.unscored).toBe(2); // e9, e10
    expect(s.bestSoFarEdits).toBe(2); // e1, e2
    expect(s.finalLineageEdits).toBe(4); // e1, e3, e6, e10
    expect(s.scoreScale).toBe(2);
    expect(s.runScales).toEqual([2]);
  });

  it('builds each label table from scored edits and derives OR, CI, Fisher p by hand', () => {
    const hp = byLabel(s, HP);
    // Present: e1 e2 e3 e4 e9 -> count 5, prevalence 5/10. Scored present: a = 3 (e1 e2 e3), b = 1 (e4, zero change).
    // Scored absent: e5 - e6 + e7 - e8 -  -> c = 1, d = 3.
    expect(hp.count).toBe(5);
    expect(hp.prevalence).toBe(0.5);
    expect(hp.table).toEqual({ a: 3, b: 1, c: 1, d: 3 });
    expect(hp.positiveRate).toBe(0.75);
    // OR = 3.5 * 3.5 / (1.5 * 1.5) = 5.4444; Woolf [0.364069, 81.4185]; Fisher 34/70 (see twoByTwo.test.ts).
    expect(hp.oddsRatio).toBeCloseTo(12.25 / 2.25, 12);
    expect(hp.ciLow).toBeCloseTo(0.3640691103418853, 9);
    expect(hp.ciHigh).toBeCloseTo(81.41853968551789, 7);
    expect(hp.fisherP).toBeCloseTo(34 / 70, 12);

    const lr = byLabel(s, LR);
    // Present: e1 + e3 + -> a = 2, b = 0; absent positives e2 e6 -> c = 2; absent others e4 e5 e7 e8 -> d = 4.
    // OR = 2.5 * 4.5 / (0.5 * 2.5) = 9; Fisher = 30/70 (scipy 0.4285714285714286).
    expect(lr.table).toEqual({ a: 2, b: 0, c: 2, d: 4 });
    expect(lr.oddsRatio).toBe(9);
    expect(lr.fisherP).toBeCloseTo(30 / 70, 12);
    expect(lr.positiveRate).toBe(1);

    const ext = byLabel(s, 'external_dependency');
    // Never used: prevalence 0, no positive rate, OR = .5 * 4.5 / (.5 * 4.5) = 1, p = 1, no enrichment.
    expect(ext.count).toBe(0);
    expect(ext.positiveRate).toBeNull();
    expect(ext.table).toEqual({ a: 0, b: 0, c: 4, d: 4 });
    expect(ext.oddsRatio).toBe(1);
    expect(ext.fisherP).toBe(1);
    expect(ext.enrichmentBestSoFar).toBeNull();
    expect(ext.enrichmentFinalLineage).toBeNull();

    // bug_fix: only on the unscored e10 -> counted in prevalence, not in any table.
    const bug = byLabel(s, 'bug_fix');
    expect(bug.count).toBe(1);
    expect(bug.prevalence).toBe(0.1);
    expect(bug.positiveRate).toBeNull();
    expect(bug.table).toEqual({ a: 0, b: 0, c: 4, d: 4 });
  });

  it('computes enrichment as share in the subset over share among all edits', () => {
    const hp = byLabel(s, HP);
    // best-so-far: e1 e2 both HP -> 2/2 = 1; all edits 5/10 -> enrichment 2.
    expect(hp.enrichmentBestSoFar).toBe(2);
    // lineage: e1 e3 of 4 -> 0.5 / 0.5 = 1.
    expect(hp.enrichmentFinalLineage).toBe(1);
    const pruning = byLabel(s, 'pruning');
    // pruning e5 e6 (2/10); lineage e6 -> (1/4) / (2/10) = 1.25; best-so-far none -> 0.
    expect(pruning.enrichmentFinalLineage).toBeCloseTo(1.25, 12);
    expect(pruning.enrichmentBestSoFar).toBe(0);
    // bug_fix: e10 on the lineage -> (1/4) / (1/10) = 2.5.
    expect(byLabel(s, 'bug_fix').enrichmentFinalLineage).toBeCloseTo(2.5, 12);
  });

  it('splits the label mix into four stages of normalised iteration', () => {
    // [0,.25): e1 e5 e9; [.25,.5): e2; [.5,.75): e3 e6; [.75,1]: e4 e7 e8 e10 (1 falls in the last).
    expect(s.stages.map((x) => [x.from, x.to, x.edits])).toEqual([
      [0, 0.25, 3],
      [0.25, 0.5, 1],
      [0.5, 0.75, 2],
      [0.75, 1, 4],
    ]);
    expect(s.stages[0].counts[HP]).toBe(2); // e1 e9
    expect(s.stages[0].counts.pruning).toBe(1); // e5
    expect(s.stages[2].counts.refactor).toBe(1); // e6
    expect(s.stages[3].counts.bug_fix).toBe(1); // e10
  });

  it('builds the co-occurrence matrix and the compounds, most frequent first', () => {
    const i = (l: EditLabel) => EDIT_LABELS.indexOf(l);
    expect(s.cooccurrence[i(HP)][i(HP)]).toBe(5);
    expect(s.cooccurrence[i(HP)][i(LR)]).toBe(2); // e1 e3
    expect(s.cooccurrence[i(LR)][i(HP)]).toBe(2);
    expect(s.cooccurrence[i('pruning')][i('refactor')]).toBe(1); // e6
    expect(s.cooccurrence[i(HP)][i('pruning')]).toBe(0);
    expect(s.compounds).toEqual([
      { labels: [HP, LR], count: 2 },
      { labels: ['pruning', 'refactor'], count: 1 },
    ]);
  });

  it('flips the sign of a change when lower is better', () => {
    const low = taxonomyStats(run(), { scoreScale: 2, higherIsBetter: false });
    // Now e5 e7 e8 are improvements, e4 (0) still is not. HP: a = 0, b = 4; c = 3, d = 1.
    expect(byLabel(low, HP).table).toEqual({ a: 0, b: 4, c: 3, d: 1 });
    // OR = .5 * 1.5 / (4.5 * 3.5) = 0.75 / 15.75
    expect(byLabel(low, HP).oddsRatio).toBeCloseTo(0.75 / 15.75, 12);
  });

  it('gives no odds ratio when no edit is scored', () => {
    const none = taxonomyStats([edit([HP], null, 1, 0)], { scoreScale: 1, higherIsBetter: true });
    expect(none.unscored).toBe(1);
    expect(byLabel(none, HP)).toMatchObject({ count: 1, prevalence: 1, oddsRatio: null, ciLow: null, fisherP: null });
  });
});

describe('pooledTaxonomyStats', () => {
  it("sums every count over the runs, each run's changes on its own scale and direction", () => {
    // Run B: lower is better, HP edits 5 -> 3 (improvement) and 3 -> 4 (worse); a pruning edit 4 -> 2 (improvement).
    const b = [edit([HP], 5, 3, 0.1, { best: true }), edit([HP], 3, 4, 0.9), edit(['pruning'], 4, 2, 0.4, { lineage: true })];
    const pooled = pooledTaxonomyStats([
      { edits: run(), scoreScale: 2, higherIsBetter: true },
      { edits: b, scoreScale: 7, higherIsBetter: false },
    ]);
    expect(pooled.edits).toBe(13);
    expect(pooled.unscored).toBe(2);
    expect(pooled.runScales).toEqual([2, 7]);
    expect(pooled.scoreScale).toBe(1);
    // HP: run A (3,1,1,3) + run B: present + (a), present - (b), absent + (c) -> (4, 2, 2, 3).
    const hp = byLabel(pooled, HP);
    expect(hp.table).toEqual({ a: 4, b: 2, c: 2, d: 3 });
    expect(hp.count).toBe(7);
    expect(hp.prevalence).toBeCloseTo(7 / 13, 12);
    // OR = 4.5 * 3.5 / (2.5 * 2.5) = 2.52
    expect(hp.oddsRatio).toBeCloseTo(2.52, 12);
    // best-so-far: A e1 e2, B b1 -> 3 edits, all HP: (3/3) / (7/13) = 13/7.
    expect(hp.enrichmentBestSoFar).toBeCloseTo(13 / 7, 12);
    expect(pooled.stages[0].edits).toBe(4);
    expect(pooled.stages[1].edits).toBe(2);
  });
});

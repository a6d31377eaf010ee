// Agreement between two labellings of the same edits (issue 9 item 4, the paper's appendix B.4):
// judge vs judge, judge vs human, human vs human. `a` is the reference and `b` the prediction:
// precision = share of b's labels that a also gave, recall = share of a's labels that b found.
// Only the nine labels count (unknown names and duplicates are dropped); only ids in both count.
import { canonicalLabels, EDIT_LABELS, type EditLabel } from '../../contracts/editLabels';
import type { AgreementReport } from '../../contracts/taxonomyTypes';

const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

/**
 * Figures on the ids present in both maps. Conventions for empty cases: two empty label sets have
 * Jaccard 1; a figure with an empty denominator is null per label and 0 in the micro/macro
 * figures (scikit-learn's zero_division default); F1 is 2TP / (2TP + FP + FN), so a label only
 * one side used has F1 0. Cohen's kappa is null when the expected agreement is 1 (both sides
 * constant and equal); the macro kappa averages the defined kappas of the labels either side used.
 */
export function agreement(a: Map<string, readonly string[]>, b: Map<string, readonly string[]>): AgreementReport {
  const L = EDIT_LABELS.length;
  const index = new Map<EditLabel, number>(EDIT_LABELS.map((l, i) => [l, i]));
  const both = new Array<number>(L).fill(0);
  const onlyA = new Array<number>(L).fill(0);
  const onlyB = new Array<number>(L).fill(0);
  let n = 0;
  let exact = 0;
  let jaccardSum = 0;
  for (const [id, rawA] of a) {
    const rawB = b.get(id);
    if (rawB === undefined) continue;
    n++;
    const setA = new Set(canonicalLabels(rawA).map((l) => index.get(l)!));
    const setB = new Set(canonicalLabels(rawB).map((l) => index.get(l)!));
    let common = 0;
    for (const i of setA) {
      if (setB.has(i)) {
        common++;
        both[i]++;
      } else onlyA[i]++;
    }
    for (const i of setB) if (!setA.has(i)) onlyB[i]++;
    const union = setA.size + setB.size - common;
    if (common === union) exact++;
    jaccardSum += union === 0 ? 1 : common / union;
  }

  const perLabel = EDIT_LABELS.map((label, i) => {
    const tp = both[i];
    const fn = onlyA[i];
    const fp = onlyB[i];
    const neither = n - tp - fn - fp;
    return {
      label,
      both: tp,
      onlyA: fn,
      onlyB: fp,
      neither,
      precision: ratio(tp, tp + fp),
      recall: ratio(tp, tp + fn),
      f1: ratio(2 * tp, 2 * tp + fp + fn),
      kappa: cohenKappa(tp, fn, fp, neither),
    };
  });

  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const tp = sum(both);
  const fp = sum(onlyB);
  const fn = sum(onlyA);
  const used = perLabel.filter((p) => p.both + p.onlyA + p.onlyB > 0);
  const kappas = used.map((p) => p.kappa).filter((k): k is number => k !== null);
  return {
    n,
    exactMatch: ratio(exact, n) ?? 0,
    meanJaccard: ratio(jaccardSum, n) ?? 0,
    micro: {
      precision: ratio(tp, tp + fp) ?? 0,
      recall: ratio(tp, tp + fn) ?? 0,
      f1: ratio(2 * tp, 2 * tp + fp + fn) ?? 0,
    },
    macroF1: used.length ? sum(used.map((p) => p.f1 ?? 0)) / used.length : 0,
    macroKappa: kappas.length ? sum(kappas) / kappas.length : null,
    perLabel,
  };
}

/**
 * Cohen's kappa of a binary present/absent table, in integers so that "expected agreement is 1"
 * is an exact test: with A = a's positives, B = b's positives,
 * kappa = (n (both + neither) - (A B + (n-A)(n-B))) / (n^2 - (A B + (n-A)(n-B))).
 */
export function cohenKappa(both: number, onlyA: number, onlyB: number, neither: number): number | null {
  const n = both + onlyA + onlyB + neither;
  const A = both + onlyA;
  const B = both + onlyB;
  const expected = A * B + (n - A) * (n - B);
  const den = n * n - expected;
  if (den === 0) return null;
  return (n * (both + neither) - expected) / den;
}

import { describe, expect, it } from 'vitest';
import { agreement, cohenKappa } from './agreement';

const H = 'hyperparameter_tuning';
const L = 'local_refinement';
const P = 'pruning';

describe('agreement', () => {
  // Reference a, prediction b. e6 is only in a and e7 only in b: neither counts (n = 5).
  const a = new Map<string, string[]>([
    ['e1', [H, L]],
    ['e2', [H]],
    ['e3', [P]],
    ['e4', []],
    ['e5', [L]],
    ['e6', [H]],
  ]);
  const b = new Map<string, string[]>([
    ['e1', [H]],
    ['e2', [H, H]], // duplicates count once
    ['e3', [L]],
    ['e4', ['not_a_label']], // unknown names are dropped: empty
    ['e5', [L, H]],
    ['e7', [P]],
  ]);
  const r = agreement(a, b);
  const label = (l: string) => r.perLabel.find((p) => p.label === l)!;

  it('computes n, exact match and mean Jaccard as worked by hand', () => {
    expect(r.n).toBe(5);
    // identical sets: e2, e4 -> 2/5.
    expect(r.exactMatch).toBe(0.4);
    // Jaccard: e1 {H}/{H,L} = 1/2, e2 1, e3 0/2 = 0, e4 both empty = 1, e5 {L}/{H,L} = 1/2 -> 3/5.
    expect(r.meanJaccard).toBeCloseTo(0.6, 12);
  });

  it('builds the per-label binary tables, precision, recall, F1 and kappa by hand', () => {
    // H: a on e1 e2, b on e1 e2 e5 -> both 2, onlyA 0, onlyB 1, neither 2 (e3 e4).
    // P = 2/3, R = 1, F1 = 4 / (4 + 1) = 0.8.
    // po = 4/5, pA = 2/5, pB = 3/5, pe = .4*.6 + .6*.4 = .48, kappa = (.8 - .48) / .52 = 8/13.
    expect(label(H)).toMatchObject({ both: 2, onlyA: 0, onlyB: 1, neither: 2, recall: 1, f1: 0.8 });
    expect(label(H).precision).toBeCloseTo(2 / 3, 12);
    expect(label(H).kappa).toBeCloseTo(8 / 13, 12);
    // L: a on e1 e5, b on e3 e5 -> both 1, onlyA 1, onlyB 1, neither 2. P = R = F1 = 1/2.
    // po = 3/5, pA = pB = 2/5, pe = .16 + .36 = .52, kappa = .08 / .48 = 1/6.
    expect(label(L)).toMatchObject({ both: 1, onlyA: 1, onlyB: 1, neither: 2, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(label(L).kappa).toBeCloseTo(1 / 6, 12);
    // P: a on e3, b never -> precision undefined, recall 0, F1 0.
    // po = 4/5, pA = 1/5, pB = 0, pe = 0 + .8 * 1 = .8, kappa = 0 / .2 = 0.
    expect(label(P)).toMatchObject({ both: 0, onlyA: 1, onlyB: 0, neither: 4, precision: null, recall: 0, f1: 0, kappa: 0 });
    // A label neither side used: everything undefined, kappa null (expected agreement 1).
    expect(label('efficiency')).toMatchObject({ both: 0, onlyA: 0, onlyB: 0, neither: 5, precision: null, recall: null, f1: null, kappa: null });
  });

  it('computes micro figures over all label decisions and macro figures over labels either side used', () => {
    // TP = 2 + 1 + 0 = 3, FP (onlyB) = 1 + 1 + 0 = 2, FN (onlyA) = 0 + 1 + 1 = 2 -> P = R = F1 = 3/5.
    expect(r.micro.precision).toBeCloseTo(0.6, 12);
    expect(r.micro.recall).toBeCloseTo(0.6, 12);
    expect(r.micro.f1).toBeCloseTo(0.6, 12);
    // macro F1 over H, L, P: (0.8 + 0.5 + 0) / 3 = 0.4333...
    expect(r.macroF1).toBeCloseTo(1.3 / 3, 12);
    // macro kappa over H, L, P: (8/13 + 1/6 + 0) / 3 = 61/234.
    expect(r.macroKappa).toBeCloseTo(61 / 234, 12);
  });

  it('is symmetric in kappa and swaps precision and recall when the sides swap', () => {
    const s = agreement(b, a);
    expect(s.macroKappa).toBeCloseTo(r.macroKappa!, 12);
    expect(s.perLabel.find((p) => p.label === H)!.recall).toBeCloseTo(2 / 3, 12);
  });

  it('leaves a constant label out of the macro kappa and reports no overlap as zeros', () => {
    // H on every edit on both sides: expected agreement 1 -> kappa null; L is the only defined kappa.
    const x = new Map([
      ['1', [H, L]],
      ['2', [H]],
    ]);
    const y = new Map([
      ['1', [H, L]],
      ['2', [H]],
    ]);
    const same = agreement(x, y);
    expect(same.perLabel.find((p) => p.label === H)!.kappa).toBeNull();
    expect(same.macroKappa).toBe(1);
    expect(same.exactMatch).toBe(1);
    expect(same.macroF1).toBe(1);
    const none = agreement(x, new Map([['3', [H]]]));
    expect(none).toMatchObject({ n: 0, exactMatch: 0, meanJaccard: 0, macroKappa: null, macroF1: 0 });
  });

  it('kappa in integers matches the textbook formula', () => {
    // 20 items: both 7, onlyA 3, onlyB 2, neither 8. po = 15/20 = .75, pA = .5, pB = .45,
    // pe = .5*.45 + .5*.55 = .5, kappa = (.75 - .5) / .5 = .5.
    expect(cohenKappa(7, 3, 2, 8)).toBeCloseTo(0.5, 12);
    expect(cohenKappa(0, 0, 0, 4)).toBeNull();
  });
});

// The seed's Trivial Metric Test ("Evolving Evaluation", section 4): "If you can compute it from
// the primary evaluator's output alone (score, per-case results), it adds zero information."
// Evoscope cannot read the script's mind, so it tests the data the script produced: over the
// programs where the aux metric ran, is the metric a function of the primary result?
//
// Primary result of a program = its score plus its per-test results when it has them
// (programs.scores_per_test). Per metric:
// - n: programs with a finite score and a finite value of the metric (status 'ok');
// - rho: Spearman rank correlation with the score (ties share their average rank; Pearson on the
//   ranks), null when either side is constant or n < 2;
// - disagreements: programs in a group of equal primary results in which the metric takes more
//   than one value (such a group proves the metric sees something the primary result does not).
//
// The verdict, in this order:
// 1. n < MIN_PROGRAMS: "not enough programs", never trivial (2/n! of independent metrics have
//    |rho| = 1 by chance: 1 in 20,160 at n = 8, 1 in 3 at n = 3).
// 2. The metric takes one value on all n programs: trivial (a constant tells nothing).
// 3. disagreements = 0 AND |rho| >= 1 - RHO_TOLERANCE: trivial: the metric orders the programs
//    exactly as the score does and never separates programs the primary result calls equal, so
//    on this run it is a monotone function of the primary result (the seed's "repackage score").
// Why this rule: "no disagreements" alone is vacuous when every program has its own primary
// result (any metric is then a function of it on paper), so the data can only convict a metric
// of a simple dependence, and "orders the programs exactly as the score does" is the one the seed
// names. |rho| = 1 already implies no disagreement over equal scores (equal scores sharing a rank
// need equal values for the ranks to line up); the count is kept in the rule as the issue states
// it and shown as the evidence when a metric is not trivial. Not caught: a metric that is a
// non-monotone function of the primary result (a pass count that does not order like the score):
// the data cannot tell it from a measurement that agrees on duplicated programs.
import type { TrivialMetric } from '../trace/diagnosis';

export const MIN_PROGRAMS = 8;
export const RHO_TOLERANCE = 1e-9;

export interface TrivialTestRow {
  score: number | null;
  /** programs.scores_per_test: test key -> score, when the program has them. */
  perTest?: Record<string, unknown> | null;
  /** The aux metric values of an 'ok' run (rows of other statuses: pass null). */
  values: Record<string, number> | null;
}

/** 1-based ranks, ties sharing the average of the ranks they span. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const ranks = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]] === xs[order[i]]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = avg;
    i = j + 1;
  }
  return ranks;
}

function pearson(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  if (n < 2) return null;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  if (saa === 0 || sbb === 0) return null;
  return Math.max(-1, Math.min(1, sab / Math.sqrt(saa * sbb)));
}

/** Spearman's rho with average ranks for ties; null when n < 2 or a side is constant. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new Error('spearman: the two series differ in length');
  return pearson(averageRanks(xs), averageRanks(ys));
}

/** A key equal for programs with the same primary result (score and per-test results). */
export function primaryKey(score: number, perTest: Record<string, unknown> | null | undefined): string {
  const tests = perTest ? Object.keys(perTest).sort().map((k) => [k, perTest[k]]) : [];
  return JSON.stringify([score, tests]);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toPrecision(6).replace(/\.?0+$/, ''));

/** The test for one metric. */
export function testMetric(name: string, rows: readonly TrivialTestRow[]): TrivialMetric {
  const pts = rows.filter((r) => finite(r.score) && r.values && finite(r.values[name]));
  const n = pts.length;
  const scores = pts.map((r) => r.score as number);
  const vals = pts.map((r) => r.values![name]);
  const rho = spearman(scores, vals);
  const groups = new Map<string, Set<number>>();
  const sizes = new Map<string, number>();
  pts.forEach((r, i) => {
    const k = primaryKey(r.score as number, r.perTest);
    if (!groups.has(k)) groups.set(k, new Set());
    groups.get(k)!.add(vals[i]);
    sizes.set(k, (sizes.get(k) ?? 0) + 1);
  });
  let disagreements = 0;
  for (const [k, set] of groups) if (set.size > 1) disagreements += sizes.get(k)!;
  const base = { name, rho, disagreements, n };
  if (n < MIN_PROGRAMS) {
    return { ...base, trivial: false, why: `not enough programs: ${n} with both a score and a value (the test needs ${MIN_PROGRAMS})` };
  }
  if (new Set(vals).size === 1) return { ...base, trivial: true, why: `constant: ${fmt(vals[0])} on all ${n} programs` };
  if (disagreements === 0 && rho !== null && Math.abs(rho) >= 1 - RHO_TOLERANCE) {
    return {
      ...base,
      trivial: true,
      why: `a function of the primary result: rank correlation with the score ${rho > 0 ? '+1' : '-1'} over ${n} programs and no two programs with the same primary result disagree, so it adds no information`,
    };
  }
  const evidence = disagreements > 0
    ? `${disagreements} programs share a primary result with a program of a different value`
    : `rank correlation with the score ${rho === null ? 'undefined (constant score)' : fmt(rho)}`;
  return { ...base, trivial: false, why: `measures something the primary result does not: ${evidence}` };
}

/** Metric names in the rows, sorted (the 'ok' rows' keys). */
export function metricNamesOf(rows: readonly { values: Record<string, number> | null }[]): string[] {
  const names = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.values ?? {})) names.add(k);
  return [...names].sort();
}

/** The Trivial Metric Test of every metric the rows hold (or of `names`). */
export function trivialMetricTest(rows: readonly TrivialTestRow[], names: readonly string[] = metricNamesOf(rows)): TrivialMetric[] {
  return names.map((name) => testMetric(name, rows));
}

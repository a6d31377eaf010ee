// The 2x2-table statistics of the taxonomy's odds ratios: a = label present and positive,
// b = present and not positive, c = absent and positive, d = absent and not positive.
// EvoReplay computes the Haldane-Anscombe corrected odds ratio only; Evoscope adds the Woolf
// interval and Fisher's exact test so a reader can tell a real effect from a small-sample one.

export interface Table2x2 {
  a: number;
  b: number;
  c: number;
  d: number;
}

/** The 97.5 % quantile of the standard normal (scipy.stats.norm.ppf(0.975)). */
const Z975 = 1.959963984540054;

/** Haldane-Anscombe corrected odds ratio: (a+.5)(d+.5) / ((b+.5)(c+.5)), as EvoReplay computes it. */
export function haldaneOddsRatio({ a, b, c, d }: Table2x2): number {
  return ((a + 0.5) * (d + 0.5)) / ((b + 0.5) * (c + 0.5));
}

/** Woolf's 95 % interval of the log odds ratio, on the corrected counts (every cell + 0.5). */
export function woolfInterval(t: Table2x2): { low: number; high: number } {
  const ln = Math.log(haldaneOddsRatio(t));
  const se = Math.sqrt(1 / (t.a + 0.5) + 1 / (t.b + 0.5) + 1 / (t.c + 0.5) + 1 / (t.d + 0.5));
  return { low: Math.exp(ln - Z975 * se), high: Math.exp(ln + Z975 * se) };
}

// ln k! for k = 0..n, grown on demand: sums of logs, exact to ~1e-12 relative for the n of a run
// (JS has no lgamma, and binomials of 10^5 edits overflow any direct product).
const logFact: number[] = [0];
function lnFactorial(n: number): number {
  for (let k = logFact.length; k <= n; k++) logFact.push(logFact[k - 1] + Math.log(k));
  return logFact[n];
}

/**
 * Fisher's exact test, two-sided, on the uncorrected table: the sum of the hypergeometric
 * probabilities (margins fixed) of every table no more probable than the observed one, with
 * scipy.stats.fisher_exact's relative tolerance of 1e-7 so ties broken by rounding still count.
 * 1 when a margin is zero (scipy returns 1 there too).
 */
export function fisherExactTwoSided({ a, b, c, d }: Table2x2): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (row1 === 0 || row2 === 0 || col1 === 0 || col1 === n) return 1;
  const constant = lnFactorial(row1) + lnFactorial(row2) + lnFactorial(col1) + lnFactorial(n - col1) - lnFactorial(n);
  // ln P(X = x), x = the top-left cell.
  const lnP = (x: number) =>
    constant - lnFactorial(x) - lnFactorial(row1 - x) - lnFactorial(col1 - x) - lnFactorial(row2 - col1 + x);
  const observed = lnP(a);
  // p(x) <= p(obs) * (1 + 1e-7), in logs.
  const limit = observed + Math.log1p(1e-7);
  let p = 0;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x++) {
    const l = lnP(x);
    if (l <= limit) p += Math.exp(l);
  }
  return Math.min(1, p);
}

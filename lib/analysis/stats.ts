// Small descriptive statistics shared by the line-level measures, matching Python's statistics
// module where EvoReplay uses it.

/** Python's statistics.median: the middle value, or the mean of the two middle values; null when empty. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Arithmetic mean; null when empty. (Exact for integer inputs, like Python's statistics.mean.) */
export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Ordinary least-squares slope of y on x; 0 with fewer than two points or no spread in x. */
export function olsSlope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = (mean(xs) as number);
  const my = (mean(ys) as number);
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

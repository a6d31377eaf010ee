// The tempered softmax every sampling step of the programs database goes through, with the
// seed's failure rule. Seed 002: "Softmax fails | Uniform fallback". DeepMind's FunSearch
// `_softmax` raises ValueError on non-finite logits; the implementation the seed describes
// catches that failure and samples uniformly. Here the failure is not an exception: the
// result says it fell back and why, so a page can show "uniform fallback" instead of hiding it.

export type SoftmaxFallback = 'uniform';

export type SoftmaxResult = {
  /** One probability per logit, summing to 1 (empty for no logits). */
  probs: number[];
  /** 'uniform' when the softmax could not be computed and every entry got 1/n. */
  fallback: SoftmaxFallback | null;
  /** Why it fell back, in words a page can show; null when it did not. */
  reason: string | null;
};

export function uniform(n: number): number[] {
  return Array.from({ length: n }, () => 1 / n);
}

function describe(values: readonly number[]): string {
  return [...new Set(values.map(String))].join(', ');
}

/**
 * softmax(logits / temperature), computed stably: the largest logit is subtracted first, so
 * exp never overflows and the largest term is exactly exp(0) = 1 (the sum is >= 1, never 0).
 * Like FunSearch, the largest entry is then set to 1 - (sum of the others), so the
 * probabilities sum to 1 for a sampler that checks it (numpy's random.choice does).
 *
 * Failure -> uniform fallback: a non-finite logit (NaN, +-Infinity; "all -inf" included) or a
 * temperature that is not a positive finite number. At temperature 0 the softmax is undefined
 * (0/0); FunSearch's schedule never reaches 0, so a 0 here is a bad input, not argmax.
 */
export function softmax(logits: readonly number[], temperature = 1): SoftmaxResult {
  const n = logits.length;
  if (n === 0) return { probs: [], fallback: null, reason: null };
  if (!Number.isFinite(temperature) || temperature <= 0) {
    return { probs: uniform(n), fallback: 'uniform', reason: `temperature ${temperature} is not a positive finite number` };
  }
  const bad = logits.filter((x) => !Number.isFinite(x));
  if (bad.length) {
    return { probs: uniform(n), fallback: 'uniform', reason: `non-finite value(s): ${describe(bad)}` };
  }
  let max = -Infinity;
  let argmax = 0;
  for (let i = 0; i < n; i++) {
    if (logits[i] > max) {
      max = logits[i];
      argmax = i;
    }
  }
  // (x - max) can only be -Infinity when x and max are near opposite ends of the double range;
  // exp(-Infinity) = 0 is still the right answer there.
  const exps = logits.map((x) => Math.exp((x - max) / temperature));
  const sum = exps.reduce((s, e) => s + e, 0);
  const probs = exps.map((e) => e / sum);
  let others = 0;
  for (let i = 0; i < n; i++) if (i !== argmax) others += probs[i];
  probs[argmax] = 1 - others;
  return { probs, fallback: null, reason: null };
}

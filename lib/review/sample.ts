// Which edits a blind-labelling session shows (issue 10, the paper's B.4 re-annotation): a
// seeded, deterministic sample, stratified by the judge's label and by the sign of the score
// change, or the best-so-far edits only. Pure: the same candidates and seed give the same sample.
import { EDIT_LABELS, canonicalLabels } from '../contracts/editLabels';
import { Rng } from '../analysis/rng';

export const SAMPLING_MODES = ['stratified', 'best-so-far'] as const;
export type SamplingMode = (typeof SAMPLING_MODES)[number];

/** One edit that may be sampled. */
export interface SampleCandidate {
  runId: string;
  childId: string;
  parentId: string;
  /** The stratification judge's labels; null when the judge did not label this edit. */
  labels: readonly string[] | null;
  /** Score change oriented so that positive is an improvement (null: either side unscored). */
  delta: number | null;
  bestSoFar: boolean;
}

export type ScoreSign = 'up' | 'down' | 'flat' | 'unscored';

export const signOf = (delta: number | null): ScoreSign =>
  delta === null || !Number.isFinite(delta) ? 'unscored' : delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';

/**
 * The label an edit is stratified by: its rarest label in the population (ties in Table 9 order),
 * so that a rare type is not hidden inside compounds with a common one; 'none' for an empty
 * set, 'unjudged' when the judge did not label it.
 */
function labelStratum(labels: readonly string[] | null, frequency: Map<string, number>): string {
  if (labels === null) return 'unjudged';
  const own = canonicalLabels(labels);
  if (!own.length) return 'none';
  let best = own[0];
  for (const l of own) if ((frequency.get(l) ?? 0) < (frequency.get(best) ?? 0)) best = l;
  return best;
}

export const stratumKey = (label: string, sign: ScoreSign) => `${label}|${sign}`;

/** Every candidate's stratum key (label x sign), in input order. */
export function strata(candidates: readonly SampleCandidate[]): string[] {
  const frequency = new Map<string, number>();
  for (const c of candidates) for (const l of canonicalLabels(c.labels ?? [])) frequency.set(l, (frequency.get(l) ?? 0) + 1);
  return candidates.map((c) => stratumKey(labelStratum(c.labels, frequency), signOf(c.delta)));
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * How many of each stratum: proportional to its size (largest remainders), at least one per
 * non-empty stratum when `size` allows it; when it does not, one each from the largest strata.
 * Never more than a stratum holds; the total is min(size, population).
 */
export function allocate(sizes: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const keys = [...sizes.keys()].filter((k) => sizes.get(k)! > 0).sort((a, b) => sizes.get(b)! - sizes.get(a)! || a.localeCompare(b));
  const population = keys.reduce((s, k) => s + sizes.get(k)!, 0);
  const target = Math.max(0, Math.min(Math.floor(size), population));
  const out = new Map<string, number>(keys.map((k) => [k, 0]));
  if (target === 0) return out;
  if (target <= keys.length) {
    for (const k of keys.slice(0, target)) out.set(k, 1);
    return out;
  }
  for (const k of keys) out.set(k, 1);
  // The rest proportionally to what each stratum still holds, by largest remainder.
  let left = target - keys.length;
  while (left > 0) {
    const room = keys.filter((k) => sizes.get(k)! > out.get(k)!);
    const pool = room.reduce((s, k) => s + sizes.get(k)! - out.get(k)!, 0);
    const shares = room.map((k) => ({ k, exact: (left * (sizes.get(k)! - out.get(k)!)) / pool }));
    let given = 0;
    for (const s of shares) {
      const whole = Math.min(Math.floor(s.exact), sizes.get(s.k)! - out.get(s.k)!);
      out.set(s.k, out.get(s.k)! + whole);
      given += whole;
    }
    const byRemainder = shares
      .filter((s) => sizes.get(s.k)! > out.get(s.k)!)
      .sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.k.localeCompare(b.k));
    for (const s of byRemainder) {
      if (given >= left) break;
      out.set(s.k, out.get(s.k)! + 1);
      given++;
    }
    left -= given;
  }
  return out;
}

export interface SampleSpec {
  mode: SamplingMode;
  size: number;
  seed: number;
}

/**
 * The session's edits in reviewing order. The order is shuffled (seeded) so that strata, runs and
 * chronology do not show through the sequence a reviewer sees.
 */
export function sampleEdits(candidates: readonly SampleCandidate[], spec: SampleSpec): SampleCandidate[] {
  const rng = new Rng(spec.seed);
  if (spec.mode === 'best-so-far') {
    const bsf = candidates.filter((c) => c.bestSoFar);
    return shuffled(shuffled(bsf, rng).slice(0, Math.max(0, Math.floor(spec.size))), rng);
  }
  const keys = strata(candidates);
  const groups = new Map<string, SampleCandidate[]>();
  candidates.forEach((c, i) => {
    const g = groups.get(keys[i]);
    if (g) g.push(c);
    else groups.set(keys[i], [c]);
  });
  const quota = allocate(new Map([...groups].map(([k, g]) => [k, g.length])), spec.size);
  const picked: SampleCandidate[] = [];
  // Strata in a fixed order so the draw depends on the seed only, not on Map insertion order.
  for (const k of [...groups.keys()].sort()) picked.push(...shuffled(groups.get(k)!, rng).slice(0, quota.get(k) ?? 0));
  return shuffled(picked, rng);
}

/** For the creation form: the labels strata can take, in order. */
export const STRATUM_LABELS = [...EDIT_LABELS, 'none', 'unjudged'] as const;

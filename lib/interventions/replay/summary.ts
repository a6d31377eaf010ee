// The figures of the paper's Table 3 for replayed trials: per trial, what EvoReplay records
// (parsed, evaluated, exact match, outcome class), and per variant the shares, the replayed
// score over the original (mean over successful trials / original) and the whole distribution
// of per-trial ratios (failures are bimodal: a mean hides them). Pure.
import type { ReplayOutcomeClass, ReplayTrialFacts, ReplayVariant, ReplayVariantSummary } from '../../contracts/interventionTypes';

/** EvoReplay's "similar" band: within this of the original score (absolute). */
export const SIMILAR_TOLERANCE = 0.001;

/**
 * Whitespace-normalised text: CRLF/CR -> LF, trailing whitespace of every line cut, blank lines
 * dropped, surrounding whitespace trimmed. Two programs equal after this differ only in layout
 * that no interpreter or compiler reads (indentation is kept: it is Python's syntax).
 */
export function normaliseWhitespace(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '')
    .join('\n');
}

export interface TrialInput {
  variant: ReplayVariant;
  trial: number;
  /** The program the reply yielded, or null with the reason. */
  source: string | null;
  format: 'diff' | 'rewrite' | null;
  parseError?: string;
  /** The evaluation's score (null: not evaluated, failed, or not finite). */
  score: number | null;
}

export interface Reference {
  /** The replayed program's own source and recorded score. */
  originalSource: string;
  originalScore: number | null;
  /** Its parent's recorded score (for "still beats the parent"). */
  parentScore: number | null;
  higherIsBetter: boolean;
}

/** EvoReplay's outcome class of one trial. */
export function outcomeClass(score: number | null, ref: Reference): ReplayOutcomeClass {
  if (score === null || !Number.isFinite(score)) return 'failed';
  const sign = ref.higherIsBetter ? 1 : -1;
  const beatsParent = ref.parentScore !== null && sign * (score - ref.parentScore) > 0;
  if (ref.originalScore === null) return beatsParent ? 'beats-parent' : 'worse';
  const d = sign * (score - ref.originalScore);
  if (d > SIMILAR_TOLERANCE) return 'better';
  if (Math.abs(d) <= SIMILAR_TOLERANCE) return 'similar';
  return beatsParent ? 'beats-parent' : 'worse';
}

const ratioOf = (score: number | null, original: number | null) =>
  score === null || original === null || original === 0 || !Number.isFinite(score) ? null : score / original;

/** The stored facts of one trial. */
export function trialFacts(t: TrialInput, ref: Reference): ReplayTrialFacts {
  const parsed = t.source !== null;
  const score = t.score !== null && Number.isFinite(t.score) ? t.score : null;
  return {
    variant: t.variant,
    trial: t.trial,
    parsed,
    format: parsed ? t.format : null,
    ...(t.parseError ? { parseError: t.parseError } : {}),
    evaluated: score !== null,
    exact: parsed && t.source === ref.originalSource,
    normalisedExact: parsed && normaliseWhitespace(t.source!) === normaliseWhitespace(ref.originalSource),
    score,
    ratio: ratioOf(score, ref.originalScore),
    outcome: outcomeClass(score, ref),
  };
}

const share = (n: number, of: number) => (of ? n / of : 0);

/** One variant's figures over its trials (in trial order). */
export function summariseReplay(variant: ReplayVariant, trials: readonly ReplayTrialFacts[], originalScore: number | null): ReplayVariantSummary {
  const ts = [...trials].sort((a, b) => a.trial - b.trial);
  const n = ts.length;
  const ok = ts.filter((t) => t.evaluated && t.score !== null);
  const outcomes: Record<ReplayOutcomeClass, number> = { better: 0, similar: 0, 'beats-parent': 0, worse: 0, failed: 0 };
  for (const t of ts) outcomes[t.outcome]++;
  const meanScore = ok.length ? ok.reduce((s, t) => s + t.score!, 0) / ok.length : null;
  return {
    variant,
    trials: n,
    parseSuccess: share(ts.filter((t) => t.parsed).length, n),
    evalSuccess: share(ok.length, n),
    exactMatch: share(ts.filter((t) => t.exact).length, n),
    normalisedMatch: share(ts.filter((t) => t.normalisedExact).length, n),
    scoreRatio: ratioOf(meanScore, originalScore),
    ratios: ts.map((t) => t.ratio).filter((r): r is number => r !== null).sort((a, b) => a - b),
    scores: ts.map((t) => t.score),
    outcomes,
  };
}

/** Per variant, in the order asked, from every trial's facts. */
export function summariseVariants(variants: readonly ReplayVariant[], facts: readonly ReplayTrialFacts[], originalScore: number | null): ReplayVariantSummary[] {
  return variants.map((v) => summariseReplay(v, facts.filter((f) => f.variant === v), originalScore));
}

/** The run's figure: the median over targets of their score ratios (targets without one left out). */
export function medianOverTargets(ratios: readonly (number | null)[]): number | null {
  const xs = ratios.filter((r): r is number => r !== null && Number.isFinite(r)).sort((a, b) => a - b);
  if (!xs.length) return null;
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

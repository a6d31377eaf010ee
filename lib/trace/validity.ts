// Which metric is a run's primary score, and whether a program counts as valid. Defined once
// here so every importer (OpenEvolve, Shinka, LLaMEA, ...) marks failures the same way.
// Failed programs are never dropped: they are kept with valid=false and a reason.

/** Pseudo metric name recorded in run.scoreMetric when no named score key exists. */
export const MEAN_OF_METRICS = 'mean(numeric metrics)';

/**
 * Scores frameworks write for "evaluation failed" instead of a real value. Explicit values,
 * not a threshold: a threshold like "<= -1e3" would misfire on tasks whose real scores are
 * large negative numbers (e.g. FunSearch's `library` run, -42707..-27155).
 */
export const SENTINEL_SCORES: readonly number[] = [-1000, -1e9];

/** Boolean-ish flags whose false (or 0) value marks the program as invalid. */
const FALSE_FLAGS = ['validity', 'valid', 'correct', 'is_valid'];

/** Named primary-score keys in order of preference (OpenEvolve's own convention). */
const SCORE_KEYS = ['combined_score', 'overall_score'];

/**
 * Picks the run's primary metric from its programs' metrics: `combined_score` when any program
 * has it, else `overall_score`, else MEAN_OF_METRICS (the mean of a program's finite numeric
 * metrics, which is what OpenEvolve itself ranks by when there is no combined_score).
 */
export function choosePrimaryMetric(metricsList: Iterable<Record<string, unknown>>): string {
  const seen = new Set<string>();
  for (const m of metricsList) for (const k of SCORE_KEYS) if (k in m) seen.add(k);
  return SCORE_KEYS.find((k) => seen.has(k)) ?? MEAN_OF_METRICS;
}

/** A number, or a numeric string Python may have written ("-inf", "nan", "0.5"). */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  if (s === 'nan') return NaN;
  if (s === 'inf' || s === '+inf' || s === 'infinity' || s === '+infinity') return Infinity;
  if (s === '-inf' || s === '-infinity') return -Infinity;
  const n = s === '' ? NaN : Number(s);
  return Number.isNaN(n) ? null : n;
}

function rawPrimary(metrics: Record<string, unknown>, scoreMetric: string): number | null {
  if (scoreMetric !== MEAN_OF_METRICS) return asNumber(metrics[scoreMetric]);
  const xs = Object.entries(metrics)
    .filter(([k, v]) => typeof v === 'number' && Number.isFinite(v) && k !== 'error' && !FALSE_FLAGS.includes(k))
    .map(([, v]) => v as number);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

export interface Validity {
  valid: boolean;
  /** Why the program is invalid; null when valid. */
  invalidReason: string | null;
  /** The primary score when it is a finite, non-sentinel number; null otherwise. */
  score: number | null;
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 200)}...` : s;
};

/**
 * Validity of one program from its metrics, checked in this order (the first match is the
 * reason):
 *  1. an `error` key with a non-null value (OpenEvolve writes `{"error": 0.0}` or a message);
 *  2. a `validity` / `valid` / `correct` / `is_valid` flag that is false or 0;
 *  3. no primary score, or one that is not a number;
 *  4. a non-finite score (NaN, +-Infinity, also as the strings "nan", "-inf");
 *  5. a sentinel score (SENTINEL_SCORES).
 * The returned score keeps a finite real score even when 1 or 2 made the program invalid
 * (that is what the source recorded), but is null for 3-5 so sentinels never reach charts.
 */
export function assessValidity(metrics: Record<string, unknown>, scoreMetric: string): Validity {
  const raw = rawPrimary(metrics, scoreMetric);
  const finite = raw != null && Number.isFinite(raw) && !SENTINEL_SCORES.includes(raw) ? raw : null;
  const invalid = (invalidReason: string, score = finite): Validity => ({ valid: false, invalidReason, score });

  if (metrics.error != null) return invalid(`error: ${short(metrics.error)}`);
  for (const flag of FALSE_FLAGS) {
    const v = metrics[flag];
    if (v === false || v === 0 || v === 'false' || v === 'False') return invalid(`${flag} is ${short(v)}`);
  }
  if (raw == null) {
    return invalid(scoreMetric === MEAN_OF_METRICS ? 'no numeric metrics' : `no numeric ${scoreMetric}`);
  }
  if (!Number.isFinite(raw)) return invalid(`${scoreMetric} is ${raw}`, null);
  if (SENTINEL_SCORES.includes(raw)) return invalid(`${scoreMetric} is the failure sentinel ${raw}`, null);
  return { valid: true, invalidReason: null, score: raw };
}

// Per-program complexity rows and per-iteration summaries of a run (the evolution page's
// "program complexity over the run", paper Figure 3). Measuring one program is complexity.ts.
import { createHash } from 'node:crypto';
import { complexityLanguage, programComplexity, type Complexity } from './complexity';

export interface ComplexityInput {
  seq: number;
  iteration: number;
  code: string;
  language: string | null;
  valid: boolean;
  /** Cache key when the caller has one (e.g. the stored blob's hash); default complexityKey. */
  cacheKey?: string;
}

export interface ComplexityRow extends Complexity {
  seq: number;
  iteration: number;
  valid: boolean;
}

/** Median and mean of a bucket's values; null when the bucket has no program to summarize. */
export interface Summary {
  median: number | null;
  mean: number | null;
}

/** Programs whose iteration falls in [iterationStart, iterationEnd]. */
export interface ComplexityBucket {
  iterationStart: number;
  iterationEnd: number;
  programs: number;
  validPrograms: number;
  parseErrors: number;
  loc: Summary;
  numericLiterals: Summary;
  tunableLiterals: Summary;
}

export interface ComplexitySeries {
  /** One row per program, in input order. */
  rows: ComplexityRow[];
  /** Iterations per bucket: the smallest that gives at most `maxPoints` buckets. */
  bucketSize: number;
  /** Non-empty buckets in iteration order; the summaries cover `validOnly` programs or all. */
  buckets: ComplexityBucket[];
}

export interface ComplexitySeriesOptions {
  /** Results by key, read and filled (pass one Map to share it across calls and runs). */
  cache?: Map<string, Complexity>;
  /** Cache key of a program; default sha256 of the analysis language and the code. */
  key?: (program: ComplexityInput) => string;
  /** Most buckets in the series (default 200). */
  maxPoints?: number;
  /** Summaries over valid programs only (default false: all programs; counts are always given). */
  validOnly?: boolean;
}

/** sha256 of a program's analysis language and code: identical sources are measured once. */
export function complexityKey(code: string, language: string | null): string {
  return createHash('sha256').update(complexityLanguage(language)).update('\0').update(code).digest('hex');
}

/**
 * Per-program complexity rows and per-iteration-bucket medians and means of LOC, numeric and
 * tunable literals, ready for a chart. Programs with a non-finite iteration get a row but no
 * bucket. Requires `await initParsers()` when any program is Python or C-family.
 */
export function complexitySeries(programs: readonly ComplexityInput[], options: ComplexitySeriesOptions = {}): ComplexitySeries {
  const cache = options.cache ?? new Map<string, Complexity>();
  const key = options.key ?? ((p: ComplexityInput) => p.cacheKey ?? complexityKey(p.code, p.language));
  const rows = programs.map((p): ComplexityRow => {
    const k = key(p);
    let c = cache.get(k);
    if (!c) {
      c = programComplexity(p.code, p.language);
      cache.set(k, c);
    }
    return { ...c, seq: p.seq, iteration: p.iteration, valid: p.valid };
  });
  const { bucketSize, buckets } = bucketRows(rows, options.maxPoints ?? 200, options.validOnly ?? false);
  return { rows, bucketSize, buckets };
}

function bucketRows(rows: readonly ComplexityRow[], maxPoints: number, validOnly: boolean): Omit<ComplexitySeries, 'rows'> {
  const placed = rows.filter((r) => Number.isFinite(r.iteration));
  if (placed.length === 0) return { bucketSize: 1, buckets: [] };
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of placed) {
    lo = Math.min(lo, r.iteration);
    hi = Math.max(hi, r.iteration);
  }
  const bucketSize = Math.max(1, Math.ceil((Math.floor(hi) - Math.floor(lo) + 1) / Math.max(1, maxPoints)));
  const groups = new Map<number, ComplexityRow[]>();
  for (const r of placed) {
    const b = Math.floor((Math.floor(r.iteration) - Math.floor(lo)) / bucketSize);
    let g = groups.get(b);
    if (!g) groups.set(b, (g = []));
    g.push(r);
  }
  const buckets = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([b, all]): ComplexityBucket => {
      const used = validOnly ? all.filter((r) => r.valid) : all;
      const start = Math.floor(lo) + b * bucketSize;
      return {
        iterationStart: start,
        iterationEnd: start + bucketSize - 1,
        programs: all.length,
        validPrograms: all.filter((r) => r.valid).length,
        parseErrors: all.filter((r) => r.parseErrors).length,
        loc: summarize(used.map((r) => r.loc)),
        numericLiterals: summarize(used.map((r) => r.numericLiterals)),
        tunableLiterals: summarize(used.map((r) => r.tunableLiterals)),
      };
    });
  return { bucketSize, buckets };
}

/** Median (mean of the middle two for an even count) and mean. */
function summarize(values: number[]): Summary {
  if (values.length === 0) return { median: null, mean: null };
  const s = values.slice().sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, mean: s.reduce((a, b) => a + b, 0) / s.length };
}

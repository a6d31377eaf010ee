// Program complexity through the content-addressed cache (table complexity_cache): a source is
// measured once, ever, by blob hash, analysis language and COMPLEXITY_VERSION, whichever run
// holds it; the sources not seen before are measured on worker threads
// (lib/analysis/complexityPool.ts). A 100k-program run took ~4 minutes on one thread; a second
// pass over the same sources (re-analysis, a re-import, a live run's next batch) parses nothing.
import { COMPLEXITY_VERSION, complexityLanguage, type Complexity } from '../analysis/complexity';
import { measureComplexities, type PoolOptions } from '../analysis/complexityPool';
import { pool } from './client';

export interface ComplexitySource {
  /** sha256 of the source: the blob's key. */
  sha: string;
  code: string;
  language: string | null;
  /** sha256 of the source this one derives from (its parent's): measured incrementally from it. */
  parentSha?: string | null;
}

export interface ComplexityStats {
  /** Distinct (source, analysis language) pairs. */
  sources: number;
  /** Of those, found in the cache. */
  cached: number;
  /** Of those, measured now (and stored). */
  computed: number;
  /** Worker threads that measured them (0: this thread, for a few sources). */
  threads: number;
  /** Of those measured, parsed incrementally from their parent's tree. */
  incremental: number;
}

const CHUNK = 5000;

/** The key of a source in the returned map: analysis language and blob hash. */
export const complexityCacheKey = (sha: string, language: string | null) => `${complexityLanguage(language)}:${sha}`;

/** The cache's answer for a set of sources: what it knew, and the sources still to measure. */
export interface CacheLookup {
  byKey: Map<string, Complexity>;
  missing: ComplexitySource[];
  /** Distinct (source, analysis language) pairs asked for. */
  sources: number;
}

/**
 * Reads the cache for every distinct source, CHUNK keys per query (a 100k-program run is 20
 * queries, not 100k). A source held twice, in one run or by two runs, is one key.
 */
export async function lookupComplexities(sources: Iterable<ComplexitySource>): Promise<CacheLookup> {
  const wanted = new Map<string, ComplexitySource>();
  for (const s of sources) wanted.set(complexityCacheKey(s.sha, s.language), s);
  const keys = [...wanted.keys()];
  const byKey = new Map<string, Complexity>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const part = keys.slice(i, i + CHUNK).map((k) => wanted.get(k)!);
    const { rows } = await pool().query<{ blob_sha256: string; language: string; result: Complexity }>(
      `SELECT c.blob_sha256, c.language, c.result
         FROM complexity_cache c JOIN unnest($1::char(64)[], $2::text[]) AS w(sha, language)
           ON c.blob_sha256 = w.sha AND c.language = w.language
        WHERE c.version = $3`,
      [part.map((s) => s.sha), part.map((s) => complexityLanguage(s.language)), COMPLEXITY_VERSION],
    );
    for (const r of rows) byKey.set(`${r.language}:${r.blob_sha256.trim()}`, r.result);
  }
  return { byKey, missing: keys.filter((k) => !byKey.has(k)).map((k) => wanted.get(k)!), sources: keys.length };
}

/**
 * Measures the sources the cache lacked (worker threads: they start, and get every batch, before
 * this returns its promise) and stores them; fills lookup.byKey.
 */
export async function measureMissing(lookup: CacheLookup, opts: PoolOptions = {}): Promise<ComplexityStats> {
  const { missing, byKey } = lookup;
  // Each source measured now names its parent's position among them (when the parent is measured
  // now too, earlier): the pool parses it incrementally from the parent's tree.
  const position = new Map(missing.map((s, k) => [complexityCacheKey(s.sha, s.language), k]));
  const items = missing.map((s, k) => {
    const base = s.parentSha ? position.get(complexityCacheKey(s.parentSha, s.language)) : undefined;
    return { code: s.code, language: s.language, base: base !== undefined && base < k ? base : undefined };
  });
  const measured = await measureComplexities(items, opts);
  missing.forEach((s, k) => byKey.set(complexityCacheKey(s.sha, s.language), measured.results[k]));
  for (let i = 0; i < missing.length; i += CHUNK) {
    const part = missing.slice(i, i + CHUNK);
    // Concurrent analyses of runs sharing sources may insert the same rows: the first one wins.
    await pool().query(
      `INSERT INTO complexity_cache (blob_sha256, language, version, result)
       SELECT sha, language, $4, result::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS t(sha, language, result)
       ON CONFLICT DO NOTHING`,
      [
        part.map((s) => s.sha),
        part.map((s) => complexityLanguage(s.language)),
        part.map((_, k) => JSON.stringify(measured.results[i + k])),
        COMPLEXITY_VERSION,
      ],
    );
  }
  return {
    sources: lookup.sources,
    cached: lookup.sources - missing.length,
    computed: missing.length,
    threads: measured.threads,
    incremental: measured.incremental,
  };
}

/** Complexity of every source by complexityCacheKey, reading and filling the cache. */
export async function cachedComplexities(
  sources: Iterable<ComplexitySource>,
  opts: PoolOptions = {},
): Promise<{ byKey: Map<string, Complexity>; stats: ComplexityStats }> {
  const lookup = await lookupComplexities(sources);
  const stats = await measureMissing(lookup, opts);
  return { byKey: lookup.byKey, stats };
}

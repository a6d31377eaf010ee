// The statement cache of the complexity walk (measureTree.ts): a statement already walked is not
// walked again. A child program repeats almost every statement of its parent, so most of a
// source's statements are measured from here (statementCache.test.ts: identical results).
import type { ParsedLanguage } from './treeSitter';

/**
 * What one statement (a child of a block) adds to a program's measures. A statement's subtree
 * decides all of them by itself: none of its literals is judged above it (a statement is never a
 * transparent wrapper), its nesting only adds to its block's, and its comments are spans of its
 * own text. So equal text (same node type, same inherited zone) gives equal measures.
 */
export interface StatementMeasures {
  numeric: number;
  tunable: number;
  functions: number;
  /** Deepest control nesting inside, relative to the enclosing block's level. */
  depth: number;
  /** Comment [start, end) spans relative to the statement's start. */
  comments: number[];
}

/**
 * Statements already walked, per grammar, by text: in an evolutionary run a child repeats almost
 * every statement of its parent (one to five lines edited), so most of a source's statements are
 * not walked again (the walk costs a few WASM calls per node). Bounded: cleared when full.
 * Trees with errors never use it (error recovery can depend on the surroundings).
 */
const statementCaches = new Map<ParsedLanguage, Map<string, StatementMeasures>>();
const STATEMENT_CACHE_ENTRIES = 20_000;
/** And at most this many characters of statement text (whole functions are statements too). */
const STATEMENT_CACHE_CHARS = 8_000_000;
let statementCacheChars = 0;
/** Shorter statements are walked: a lookup costs about as much as walking a handful of nodes. */
export const MIN_CACHED_STATEMENT = 24;
let statementCacheOn = true;
/** Statements measured from the cache and walked (and stored) since the last useStatementCache. */
export const statementCacheStats = { hits: 0, stored: 0 };

/** Turns the statement cache off (tests compare with a walk of every node) or on again; clears it. */
export function useStatementCache(on: boolean) {
  statementCacheOn = on;
  statementCaches.clear();
  statementCacheChars = 0;
  statementCacheStats.hits = 0;
  statementCacheStats.stored = 0;
}

/**
 * The cache of one grammar for a tree without errors, emptied first (every grammar's) when full;
 * null when the cache is off.
 */
export function statementCacheFor(lang: ParsedLanguage): Map<string, StatementMeasures> | null {
  if (!statementCacheOn) return null;
  const cache = statementCaches.get(lang) ?? new Map<string, StatementMeasures>();
  statementCaches.set(lang, cache);
  if (cache.size >= STATEMENT_CACHE_ENTRIES || statementCacheChars >= STATEMENT_CACHE_CHARS) {
    for (const c of statementCaches.values()) c.clear();
    statementCacheChars = 0;
  }
  return cache;
}

/** Stores a walked statement's measures under its key (node type, zone and text). */
export function storeStatement(cache: Map<string, StatementMeasures>, key: string, measures: StatementMeasures) {
  cache.set(key, measures);
  statementCacheStats.stored++;
  statementCacheChars += key.length;
}

// Lineage of a ShinkaEvolve run without its database. Each gen_N/ keeps `original.<ext>`, the
// code of the parent the LLM edited, so the parent is an earlier program whose code is that
// text. Pure: candidates and queries in, one answer per query out.
//
// Rules: exact text after normalising line endings (nothing else: a whitespace-tolerant match
// would merge programs that differ only in indentation, which matters in Python); only
// programs of an earlier generation qualify; when several do, the latest wins (a revert makes
// old code reappear, and the run most likely sampled the recent copy) and the others are kept
// as alternatives; when none does, the parent is unknown: no edge, never a guess.
import { normaliseEol } from './shinkaFiles';

export interface LineageCandidate {
  id: string;
  generation: number;
  code: string | null;
}

export interface LineageQuery {
  id: string;
  generation: number;
  original: string | null;
}

export interface ContentParent {
  /** The chosen parent, or null when unknown. */
  parent: string | null;
  /** Other earlier programs with the same code, latest first. */
  alternatives: string[];
  status: 'matched' | 'unmatched' | 'no-original';
}

export function matchParentsByContent(candidates: readonly LineageCandidate[], queries: readonly LineageQuery[]): Map<string, ContentParent> {
  const byCode = new Map<string, LineageCandidate[]>();
  for (const c of candidates) {
    if (c.code == null) continue;
    const key = normaliseEol(c.code);
    const list = byCode.get(key);
    if (list) list.push(c);
    else byCode.set(key, [c]);
  }
  const out = new Map<string, ContentParent>();
  for (const q of queries) {
    if (q.original == null) {
      out.set(q.id, { parent: null, alternatives: [], status: 'no-original' });
      continue;
    }
    // Stable sort: among equal generations the candidate listed first wins.
    const earlier = (byCode.get(normaliseEol(q.original)) ?? [])
      .filter((c) => c.generation < q.generation && c.id !== q.id)
      .sort((a, b) => b.generation - a.generation);
    out.set(
      q.id,
      earlier.length
        ? { parent: earlier[0].id, alternatives: earlier.slice(1).map((c) => c.id), status: 'matched' }
        : { parent: null, alternatives: [], status: 'unmatched' },
    );
  }
  return out;
}

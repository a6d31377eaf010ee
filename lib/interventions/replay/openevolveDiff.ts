// OpenEvolve's SEARCH/REPLACE diffs (openevolve.utils.code_utils): extract_diffs reads the blocks
// out of a reply, apply_diff replaces, block after block, the first line-wise occurrence of each
// SEARCH text (exactly first, then ignoring trailing whitespace on each line, as its
// _find_search_lines does); a block whose SEARCH is nowhere is skipped silently. One
// implementation for the demo (lib/services/demo/diffBlocks.ts writes replies this must read back) and
// for replay (./parse.ts).

/** extract_diffs' pattern: `<<<<<<< SEARCH\n(.*?)=======\n(.*?)>>>>>>> REPLACE` (DOTALL). */
const DIFF_PATTERN = /<<<<<<< SEARCH\n([\s\S]*?)=======\n([\s\S]*?)>>>>>>> REPLACE/g;
/** A delimiter line (extract_diffs' _STANDARD_DIFF_MARKER). */
const MARKER_LINE = /^[ \t]*(<<<<<<< SEARCH|=======|>>>>>>> REPLACE)[ \t]*\r?$/gm;

const rstrip = (s: string) => s.replace(/\s+$/, '');

/**
 * The (search, replace) blocks of a reply, each text right-stripped as extract_diffs does.
 * Throws an Error when a delimiter line stands outside a block or a block's delimiters are out
 * of order (extract_diffs raises ValueError then: the whole reply is refused).
 */
export function extractDiffs(reply: string): [string, string][] {
  const out: [string, string][] = [];
  let cursor = 0;
  const markers = (s: string) => [...s.matchAll(MARKER_LINE)].map((m) => m[1]);
  for (const m of reply.matchAll(DIFF_PATTERN)) {
    if (markers(reply.slice(cursor, m.index)).length) throw new Error('a SEARCH/REPLACE delimiter stands outside a diff block');
    const inside = markers(m[0]);
    if (inside.join('|') !== '<<<<<<< SEARCH|=======|>>>>>>> REPLACE') throw new Error('a diff block has extra or misplaced delimiters');
    out.push([rstrip(m[1]), rstrip(m[2])]);
    cursor = m.index + m[0].length;
  }
  if (markers(reply.slice(cursor)).length) throw new Error('a SEARCH/REPLACE delimiter stands outside a diff block');
  return out;
}

/** The first index at which `needle` occurs in `hay` (line-wise): exact, then ignoring trailing whitespace; -1 if absent. */
export function findSearchLines(hay: string[], needle: string[]): number {
  const at = (eq: (a: string, b: string) => boolean) => {
    outer: for (let i = 0; i + needle.length <= hay.length; i++) {
      for (let k = 0; k < needle.length; k++) if (!eq(hay[i + k], needle[k])) continue outer;
      return i;
    }
    return -1;
  };
  const exact = at((a, b) => a === b);
  return exact >= 0 ? exact : at((a, b) => a.replace(/\s+$/, '') === b.replace(/\s+$/, ''));
}

/** apply_diff with the number of blocks that found their SEARCH text. */
export function applySearchReplace(code: string, blocks: readonly [string, string][]): { code: string; applied: number } {
  const lines = code.split('\n');
  let applied = 0;
  for (const [search, replace] of blocks) {
    const s = rstrip(search).split('\n');
    const at = findSearchLines(lines, s);
    if (at < 0) continue;
    lines.splice(at, s.length, ...rstrip(replace).split('\n'));
    applied++;
  }
  return { code: lines.join('\n'), applied };
}

/** OpenEvolve's apply_diff: each block replaces the first occurrence of its SEARCH lines. */
export function applyDiffBlocks(code: string, blocks: readonly [string, string][]): string {
  return applySearchReplace(code, blocks).code;
}

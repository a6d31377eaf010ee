// Parent -> child line diffs in the two shapes the demo needs: OpenEvolve's SEARCH/REPLACE
// blocks (for the "LLM response", and format_diff_summary; apply_diff, which reads them back,
// lives in lib/interventions/replay/openevolveDiff.ts, shared with replay), and the chunks of
// deleted lines a lineage remembers.
import { diffArrays } from 'diff';
import { applyDiffBlocks, findSearchLines as indexOfLines } from '../../interventions/replay/openevolveDiff';

export { applyDiffBlocks };

interface Hunk {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

function hunks(a: string[], b: string[]): Hunk[] {
  const out: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | null = null;
  for (const part of diffArrays(a, b)) {
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      if (open) out.push(open);
      open = null;
      i += n;
      j += n;
      continue;
    }
    open ??= { a0: i, a1: i, b0: j, b1: j };
    if (part.removed) open.a1 = i += n;
    else open.b1 = j += n;
  }
  if (open) out.push(open);
  return out;
}

/** SEARCH/REPLACE blocks that turn `a` into `b` under apply_diff (context added as needed). */
export function diffBlocks(a: string[], b: string[]): [string, string][] {
  const hs = hunks(a, b);
  if (!hs.length) return [];
  const blocks = grow(a, b, hs);
  if (blocks && applyDiffBlocks(a.join('\n'), blocks) === b.join('\n')) return blocks;
  const whole = grow(a, b, [{ a0: hs[0].a0, a1: hs[hs.length - 1].a1, b0: hs[0].b0, b1: hs[hs.length - 1].b1 }]);
  if (whole && applyDiffBlocks(a.join('\n'), whole) === b.join('\n')) return whole;
  return [[a.join('\n'), b.join('\n')]];
}

/** Widens each hunk with context until its SEARCH is non-empty, ends on a non-blank line and
 * first occurs where it should; merges hunks that touch. Null when that cannot be done. */
function grow(a: string[], b: string[], input: Hunk[]): [string, string][] | null {
  const hs = input.map((h) => ({ ...h }));
  const ok = (h: Hunk, work: string[], offset: number) => {
    const s = a.slice(h.a0, h.a1);
    const r = b.slice(h.b0, h.b1);
    if (!s.length || !r.length || !s[s.length - 1].trim() || !r[r.length - 1].trim()) return false;
    return indexOfLines(work, s) === h.a0 + offset;
  };
  const out: [string, string][] = [];
  const work = a.slice();
  let offset = 0;
  for (let k = 0; k < hs.length; k++) {
    const h = hs[k];
    const floor = k > 0 ? hs[k - 1].a1 : 0;
    let tries = 0;
    while (!ok(h, work, offset)) {
      if (++tries > 400) return null;
      const canBefore = h.a0 > floor;
      const canAfter = h.a1 < a.length && (k + 1 >= hs.length || h.a1 < hs[k + 1].a0);
      if (canBefore && (tries % 2 === 1 || !canAfter)) {
        h.a0--;
        h.b0--;
      } else if (canAfter) {
        h.a1++;
        h.b1++;
      } else if (k + 1 < hs.length) {
        const next = hs.splice(k + 1, 1)[0];
        h.a1 = next.a1;
        h.b1 = next.b1;
      } else return null;
    }
    const s = a.slice(h.a0, h.a1);
    const r = b.slice(h.b0, h.b1);
    work.splice(h.a0 + offset, s.length, ...r);
    offset += r.length - s.length;
    out.push([s.join('\n'), r.join('\n')]);
  }
  return out;
}

/** OpenEvolve's format_diff_summary: the program's metadata.changes for a diff edit. */
export function formatDiffSummary(blocks: [string, string][]): string {
  return blocks
    .map(([search, replace], i) => {
      const s = search.trim().split('\n');
      const r = replace.trim().split('\n');
      if (s.length === 1 && r.length === 1) return `Change ${i + 1}: '${s[0]}' to '${r[0]}'`;
      const ss = s.length > 1 ? `${s.length} lines` : s[0];
      const rs = r.length > 1 ? `${r.length} lines` : r[0];
      return `Change ${i + 1}: Replace ${ss} with ${rs}`;
    })
    .join('\n');
}

/** Runs of lines that `b` deleted from `a`, each with the line that preceded it in `a`. */
export function deletedRuns(a: string[], b: string[]): { lines: string[]; before: string | null }[] {
  return hunks(a, b)
    .filter((h) => h.a1 > h.a0)
    .map((h) => ({ lines: a.slice(h.a0, h.a1), before: h.a0 > 0 ? a[h.a0 - 1] : null }));
}

/** Lines `b` added relative to `a` (in order). */
export function addedLines(a: string[], b: string[]): string[] {
  return hunks(a, b).flatMap((h) => b.slice(h.b0, h.b1));
}

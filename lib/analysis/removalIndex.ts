// Earlier removals indexed by line (or skeleton), so that pairing an added line with its removal
// costs a binary search instead of a scan of the run's history.
import type { PreparedEdit } from './editTable';

/** A removal an addition was paired with. */
export interface MatchedRemoval {
  /** Index of the removing edit. */
  edit: number;
  /** The removed line (as recorded, before any collapsing into a key). */
  line: string;
}

interface Entry {
  edits: number[];
  lines: string[];
}

/**
 * Removals keyed by a string, recorded in processing order (iterations never decrease).
 * The match for an addition at iteration t is the removal with the largest iteration < t; among
 * removals at that iteration, the one recorded first (EvoReplay takes Python's max() over the
 * history, which returns the first maximal element). Only the first removal of a key per edit is
 * kept, since a later one of the same edit can never be the match.
 */
export class RemovalIndex {
  private readonly byKey = new Map<string, Entry>();

  constructor(private readonly edits: readonly PreparedEdit[]) {}

  add(key: string, edit: number, line: string): void {
    const e = this.byKey.get(key);
    if (!e) this.byKey.set(key, { edits: [edit], lines: [line] });
    else if (e.edits[e.edits.length - 1] !== edit) {
      e.edits.push(edit);
      e.lines.push(line);
    }
  }

  /**
   * The latest removal of `key` at an iteration strictly before `iteration`; with `accept`, the
   * latest among the removals it accepts (ties again resolved to the first recorded).
   */
  find(key: string, iteration: number, accept?: (edit: number) => boolean): MatchedRemoval | null {
    const e = this.byKey.get(key);
    if (!e) return null;
    const it = (k: number) => this.edits[e.edits[k]].iteration;
    const last = this.firstAtLeast(e.edits, iteration) - 1; // last position with iteration < `iteration`
    if (last < 0) return null;
    let best = -1;
    if (!accept) best = this.firstAtLeast(e.edits, it(last));
    else {
      for (let k = last; k >= 0; k--) {
        if (best >= 0 && it(k) !== it(best)) break;
        if (accept(e.edits[k])) best = k;
      }
    }
    return best < 0 ? null : { edit: e.edits[best], line: e.lines[best] };
  }

  /** First position whose edit's iteration is >= t (binary search). */
  private firstAtLeast(list: number[], t: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.edits[list[mid]].iteration < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

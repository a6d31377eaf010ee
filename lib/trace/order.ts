// The canonical order of a run's programs, defined once: by iteration, then timestamp, then
// external id. Where the iteration is known to lie (OpenEvolve island-migrant copies carry
// iteration_found = 0 although they appear mid-run), the program is placed by its timestamp
// instead: its effective iteration is that of the latest trustworthy program created at or
// before it. Programs without any iteration go last (importers should derive one from the
// source's generation or sample index wherever they can).
export interface Orderable {
  externalId: string;
  iteration?: number | null;
  timestamp?: number | null;
  isMigrant?: boolean;
}

export interface Ordered<T> {
  item: T;
  /** Iteration used for ordering and for every "over iterations" chart. */
  effectiveIteration: number;
}

const cmp = (a: number | null | undefined, b: number | null | undefined) => {
  const x = a ?? Number.POSITIVE_INFINITY;
  const y = b ?? Number.POSITIVE_INFINITY;
  return x === y ? 0 : x < y ? -1 : 1;
};

export function canonicalOrder<T extends Orderable>(items: readonly T[]): Ordered<T>[] {
  const trusted = items.filter((p) => !p.isMigrant);
  const moved = items.filter((p) => p.isMigrant);
  const byIter = (a: Ordered<T>, b: Ordered<T>) =>
    Number(unknownRank.has(a.item)) - Number(unknownRank.has(b.item)) ||
    a.effectiveIteration - b.effectiveIteration ||
    cmp(a.item.timestamp, b.item.timestamp) ||
    (a.item.externalId < b.item.externalId ? -1 : a.item.externalId > b.item.externalId ? 1 : 0);

  const known = trusted.filter((p) => p.iteration != null).map((p) => p.iteration as number);
  const lastKnown = known.reduce((m, v) => (v > m ? v : m), 0);
  const unknownRank = new Set(trusted.filter((p) => p.iteration == null));
  const out: Ordered<T>[] = trusted.map((item) => ({ item, effectiveIteration: item.iteration ?? lastKnown }));
  if (moved.length) {
    // Latest trusted iteration reached by each point in time.
    const timeline = out
      .filter((o) => o.item.timestamp != null && o.item.iteration != null)
      .map((o) => ({ t: o.item.timestamp as number, it: o.effectiveIteration }))
      .sort((a, b) => a.t - b.t);
    let running = 0;
    const maxSoFar = timeline.map((e) => (running = Math.max(running, e.it)));
    for (const item of moved) {
      let it = item.iteration ?? 0;
      if (item.timestamp != null && timeline.length) {
        // binary search: last timeline entry with t <= timestamp
        let lo = 0;
        let hi = timeline.length - 1;
        let idx = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (timeline[mid].t <= item.timestamp) {
            idx = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        it = idx >= 0 ? maxSoFar[idx] : 0;
      }
      out.push({ item, effectiveIteration: it });
    }
  }
  return out.sort(byIter);
}

// Ancestor queries on a run's parent graph, fast enough for 100k programs. Most programs have one
// parent, so ancestry is answered from DFS intervals of the first-parent forest. For a program
// with a crossover somewhere in its ancestry, its ancestors are explored through all parents in
// decreasing topological rank, only as far back as the oldest program asked about: queries come
// grouped by child and newest first, so each child's exploration is incremental. (Worst case, a
// run where almost every program is a crossover, is O(ancestors) per child that asks.)

export class Ancestry {
  private readonly tin: Int32Array;
  private readonly tout: Int32Array;
  /** 1 when the program's ancestry is exactly its first-parent chain. */
  private readonly pure: Uint8Array;
  /** Topological rank (parents before children, else by `priority`); -1 on a parent cycle. */
  private readonly rank: Int32Array;
  /** Two GRAIL labelings of the ranked part of the graph: a cheap exact "cannot be an ancestor". */
  private readonly labels: { low: Int32Array; post: Int32Array }[];
  private cacheChild = -1;
  private cacheNonPure = new Set<number>();
  private cacheBoundary: number[] = [];
  private searchChild = -1;
  private searchSeen = new Set<number>();
  private searchHeap: number[] = [];

  /**
   * `parents[i]`: positions of program i's in-run parents, first parent first, no self-links.
   * `priority[i]`: where program i sits in time (its seq); ties in the topological order go by it.
   */
  constructor(
    private readonly parents: readonly (readonly number[])[],
    priority: readonly number[] = parents.map((_, i) => i),
  ) {
    const n = parents.length;
    this.rank = topologicalRank(parents, priority);
    this.labels = [false, true].map((reverse) => reachLabels(parents, this.rank, reverse));
    this.tin = new Int32Array(n).fill(-1);
    this.tout = new Int32Array(n);
    this.pure = new Uint8Array(n);
    const children: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) if (parents[i].length) children[parents[i][0]].push(i);
    let clock = 0;
    const visit = (root: number) => {
      // A root with a parent sits on a parent cycle: its true ancestry is not its tree path.
      this.pure[root] = parents[root].length === 0 ? 1 : 0;
      this.tin[root] = clock++;
      const stack: [number, number][] = [[root, 0]];
      while (stack.length) {
        const top = stack[stack.length - 1];
        const kids = children[top[0]];
        if (top[1] < kids.length) {
          const k = kids[top[1]++];
          if (this.tin[k] >= 0) continue;
          this.tin[k] = clock++;
          this.pure[k] = parents[k].length === 1 && this.pure[top[0]] ? 1 : 0;
          stack.push([k, 0]);
        } else {
          this.tout[top[0]] = clock;
          stack.pop();
        }
      }
    };
    for (let i = 0; i < n; i++) if (parents[i].length === 0) visit(i);
    for (let i = 0; i < n; i++) if (this.tin[i] < 0) visit(i);
  }

  private treeAncestorOrSelf(x: number, c: number): boolean {
    return this.tin[x] <= this.tin[c] && this.tin[c] < this.tout[x];
  }

  /** Whether x is a strict ancestor of c through any chain of parents. */
  isAncestor(x: number, c: number): boolean {
    if (x !== c && this.treeAncestorOrSelf(x, c)) return true;
    if (this.pure[c]) return false;
    if (this.rank[c] >= 0 && this.rank[x] >= 0) {
      for (const { low, post } of this.labels) if (low[x] > low[c] || post[c] > post[x]) return false;
      return this.search(x, c);
    }
    if (this.cacheChild !== c) this.walk(c);
    if (this.cacheNonPure.has(x)) return true;
    for (const b of this.cacheBoundary) if (this.treeAncestorOrSelf(x, b)) return true;
    return false;
  }

  /**
   * Explores c's ancestors newest first down to x's rank: every ancestor of c ranked above x has
   * then been expanded, so x is an ancestor iff it has been seen.
   */
  private search(x: number, c: number): boolean {
    const rank = this.rank;
    const heap = this.searchHeap;
    if (this.searchChild !== c) {
      this.searchChild = c;
      this.searchSeen = new Set(this.parents[c]);
      heap.length = 0;
      for (const p of this.parents[c]) heapPush(heap, p, rank);
    }
    const seen = this.searchSeen;
    while (heap.length && rank[heap[0]] > rank[x]) {
      const y = heapPop(heap, rank);
      for (const p of this.parents[y]) if (!seen.has(p)) (seen.add(p), heapPush(heap, p, rank));
    }
    return seen.has(x);
  }

  /** Ancestors of c that have crossovers in their own ancestry, and the pure ones where the walk stops. */
  private walk(c: number) {
    const nonPure = new Set<number>();
    const boundary: number[] = [];
    const seen = new Set<number>([c]);
    const stack = [...this.parents[c]];
    for (const p of stack) seen.add(p);
    while (stack.length) {
      const y = stack.pop()!;
      if (this.pure[y]) {
        boundary.push(y);
        continue;
      }
      nonPure.add(y);
      for (const p of this.parents[y]) if (!seen.has(p)) (seen.add(p), stack.push(p));
    }
    this.cacheChild = c;
    this.cacheNonPure = nonPure;
    this.cacheBoundary = boundary;
  }

  /** Every strict ancestor of c through any parent (c itself excluded unless on a parent cycle). */
  ancestorsOf(c: number): Set<number> {
    const out = new Set<number>();
    const stack = [...this.parents[c]];
    while (stack.length) {
      const y = stack.pop()!;
      if (out.has(y)) continue;
      out.add(y);
      for (const p of this.parents[y]) if (!out.has(p)) stack.push(p);
    }
    return out;
  }

  /** Programs on the first-parent chain from c's root to c, both ends counted. */
  firstParentDepth(c: number): number {
    const seen = new Set<number>();
    for (let x = c; x >= 0 && !seen.has(x); x = this.parents[x].length ? this.parents[x][0] : -1) seen.add(x);
    return seen.size;
  }
}

/**
 * GRAIL reachability labels (Yildirim et al. 2010) of the DAG of ranked programs, from one
 * depth-first traversal down child links: post is the post-order number, low the smallest post
 * number below a program. If x is an ancestor of c then low[x] <= low[c] and post[c] <= post[x].
 */
function reachLabels(parents: readonly (readonly number[])[], rank: Int32Array, reverse: boolean) {
  const n = parents.length;
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) if (rank[i] >= 0) for (const p of parents[i]) children[p].push(i);
  if (reverse) for (const ks of children) ks.reverse();
  const low = new Int32Array(n).fill(-1);
  const post = new Int32Array(n).fill(-1);
  let clock = 0;
  const order = Array.from({ length: n }, (_, i) => i).filter((i) => rank[i] >= 0 && parents[i].length === 0);
  if (reverse) order.reverse();
  const visited = new Uint8Array(n);
  for (const root of order) {
    if (visited[root]) continue;
    visited[root] = 1;
    const stack: [number, number][] = [[root, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      const kids = children[top[0]];
      if (top[1] < kids.length) {
        const k = kids[top[1]++];
        if (!visited[k]) {
          visited[k] = 1;
          stack.push([k, 0]);
        }
      } else {
        const v = top[0];
        post[v] = clock++;
        let lo = post[v];
        for (const k of kids) if (low[k] < lo) lo = low[k];
        low[v] = lo;
        stack.pop();
      }
    }
  }
  return { low, post };
}

/** Kahn's algorithm taking the lowest priority first; programs on a parent cycle get -1. */
function topologicalRank(parents: readonly (readonly number[])[], priority: readonly number[]): Int32Array {
  const n = parents.length;
  const rank = new Int32Array(n).fill(-1);
  const waiting = new Int32Array(n);
  const children: number[][] = Array.from({ length: n }, () => []);
  parents.forEach((ps, i) => {
    waiting[i] = ps.length;
    for (const p of ps) children[p].push(i);
  });
  const key = Float64Array.from(priority, (v) => -v); // heap helpers keep the largest key on top
  const heap: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) heapPush(heap, i, key);
  let next = 0;
  while (heap.length) {
    const i = heapPop(heap, key);
    rank[i] = next++;
    for (const k of children[i]) if (--waiting[k] === 0) heapPush(heap, k, key);
  }
  return rank;
}

/** Binary max-heap of indices ordered by key[index]. */
function heapPush(heap: number[], v: number, key: ArrayLike<number>): void {
  let i = heap.push(v) - 1;
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (key[heap[up]] >= key[v]) break;
    heap[i] = heap[up];
    i = up;
  }
  heap[i] = v;
}

function heapPop(heap: number[], key: ArrayLike<number>): number {
  const top = heap[0];
  const last = heap.pop()!;
  if (heap.length) {
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= heap.length) break;
      if (c + 1 < heap.length && key[heap[c + 1]] > key[heap[c]]) c++;
      if (key[heap[c]] <= key[last]) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = last;
  }
  return top;
}
